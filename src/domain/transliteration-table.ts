/**
 * The Cyrillic → Latin letter table of every transliteration system kyc-screen knows. The registers spell
 * Latin names in these systems and the matcher accepts every spelling they allow, so the table is part of
 * the contract package that the product and the service's emulator share; the product reads it from here.
 */
export * from '@kyc-screen/lookup-contract/transliteration-table';
