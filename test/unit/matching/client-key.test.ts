import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../src/matching/client-key.js';

describe('clientKey', () => {
  it('prefers the client id, then the INN, then the normalised name with the birth date', () => {
    expect(clientKey({ clientId: ' CL-1 ', inn: '7701234560', name: 'X' })).toBe('id:CL-1');
    expect(clientKey({ inn: '7701234560', name: 'X' })).toBe('inn:7701234560');
    expect(clientKey({ name: 'Ковалёв  АНДРЕЙ «Сергеевич»', birthDate: '1975-03-14' })).toBe(
      'name:ковалев андрей сергеевич|1975-03-14',
    );
    expect(clientKey({ name: 'ООО Ромашка' })).toBe('name:ооо ромашка|');
  });

  it('has no key for a row with nothing to name the client by', () => {
    expect(clientKey({})).toBeUndefined();
    expect(clientKey({ clientId: '  ', name: '' })).toBeUndefined();
  });
});
