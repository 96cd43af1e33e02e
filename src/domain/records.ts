/**
 * Register records as the Lookup Service returns them. They are the contract the product shares with the
 * service's emulator, so they live in the contract package; the product reads them from here.
 */
export * from '@kyc-screen/lookup-contract/records';
