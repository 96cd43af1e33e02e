/**
 * Hand-written response bodies, one per table of spec part 2, shaped from the spec text alone (not from
 * the emulator), so the schema tests check the schemas against the spec.
 */

export const foreignAgent = () => ({
  source: 'minjust_foreign_agent',
  data: {
    bik: '',
    inn: '',
    name: 'Ковалёв Андрей Сергеевич',
    ogrn: '',
    added: '2023-06-02',
    snils: '',
    address: '',
    bank_name: '',
    agent_type: 'Физическое лицо',
    birth_date: '1975-03-14',
    violated_act: 'ст. 4 Федерального закона от 14.07.2022 № 255-ФЗ',
    source_domen_names: 'kovalev.example;t.me/kovalev_example',
    registration_number: 'FA-0001',
    date_of_bank_agreement: '',
    participants_full_name: '',
    special_account_number: '',
    decision_publication_date: '',
    special_account_open_date: '',
    correspondent_account_number: '',
  },
  added_at: '2023-06-02T10:11:12.345678Z',
  updated_at: '2024-01-05T00:00:00.5Z',
});

export const sanctions = () => ({
  source: 'sanctions',
  data: {
    name: 'TSVETKOVA Iuliia Aleksandrovna',
    name_local: null,
    edrpou: null,
    address: null,
    birth_date: '1988-09-30',
    birth_place: null,
    entity_type: 'person',
  },
  added_at: '2022-03-01T00:00:00.000Z',
  updated_at: '2022-03-01T00:00:00.000Z',
});

export const bankruptcy = () => ({
  category: 'Гражданин',
  region: 'Московская область',
  address: 'Московская обл., г. Подольск',
  lastLegalCase: {
    number: 'А41-67890/2025',
    arbitrManagerFio: 'Кузнецова Мария Олеговна',
    status: {
      code: 'realizaciya',
      description: 'Реализация имущества гражданина',
      date: '2025-06-02T09:00:00',
    },
  },
  guid: '0b7c3d5e-1a2b-4c3d-8e9f-000000000002',
  name: 'Морозов Виктор Павлович',
  ogrn: '',
  inn: '500123456750',
  statusUpdateDate: '2025-06-02T09:00:00',
  status: 'Реализация имущества гражданина',
  isActive: true,
});

export const debtor = () => ({
  snils: '22334455639',
  category: 'Физическое лицо',
  region: 'Москва',
  address: 'г. Москва',
  fio: 'Николаев Артём Дмитриевич',
  inn: '772345678901',
  extrajudicialBankruptcy: 'ВБ-2025-000123',
  legalCase: { number: '', managerFio: '', description: '', date: '' },
  message: null as string | null,
});

export const emailSampleSet = () => ({
  valid: true,
  email: 'user@example.com',
  format: { valid: true, local: 'user', domain: 'example.com' },
  mx: { checked: true, valid: true, records: ['mx1.example.com', 'mx2.example.com'] },
  disposable: false,
  role: false,
});

export const emailParameterSet = () => ({
  email: 'user@example.com',
  valid: true,
  exists: true,
  disposable: false,
  freeProvider: true,
  mxValid: true,
  riskScore: 0.12,
  recommendation: 'ALLOW',
});

export const card = () => ({
  card: '4111111111111111',
  bin: '411111',
  paymentSystem: 'VISA',
  bank: 'JPMORGAN CHASE BANK N.A.',
  bankPhone: '+1 800 432 3117',
  bankUrl: 'https://www.chase.com',
  cardType: 'CREDIT',
  country: 'United States',
  countryCode: 'USA',
  brand: 'VISA CLASSIC',
  message: 'Card number is valid',
  valid: true,
});

export const bankItem = () => ({
  bik: '044525225',
  name: 'ПАО Сбербанк',
  corrAccount: '30101810400000000225',
  city: 'Москва',
  address: 'ул. Вавилова, 19',
});

export const cadastral = () => ({
  cadastral_number: '77:01:0001001:1001',
  summary: {
    has_encumbrances: false,
    has_active_fssp: null,
    sources: { nspd: 'checked', rosreestr_sprav: 'checked', fssp: 'skipped' },
    note: 'null: no source returned data; false: checked, none found. The bailiff check needs the owner full name sent with POST /cadastral/full.',
  },
  nspd: {
    cadastral_number: '77:01:0001001:1001',
    area_type: 9,
    address: 'г. Москва, ул. Примерная, д. 1, кв. 1',
    status: 'Учтенный',
    object_type: 'Помещение',
    category: 'Жилое помещение',
    permitted_use: null,
    area: { value: 54.3, unit: 'кв. м' },
    cadastral_cost: { value: 12_345_678.9, per_sqm: 227_360.5, date: '2024-01-01' },
    cadastral_registration_date: '2012-07-01',
    building: {
      floors: 9,
      floor_number: 3,
      underground_floors: 1,
      wall_material: 'Кирпичные',
      built_year: 1965,
      name: 'Жилой дом',
      purpose: 'Многоквартирный дом',
      parent_cad_number: '77:01:0001001:1000',
    },
    encumbrances: { has_encumbrances: false, list: [] },
    rights: [],
    location: { center_lat: 55.75, center_lon: 37.61 },
    geojson: {
      type: 'Feature',
      geometry: { bbox: null, type: 'Point', coordinates: [37.61, 55.75] },
      properties: { cadastral_number: '77:01:0001001:1001' },
    },
    error: null,
  },
  rosreestr_sprav: {
    cadastral_number: '77:01:0001001:1001',
    status: 'Актуально',
    obj_type: 'Помещение',
    area: 54.3,
    address: 'г. Москва, ул. Примерная, д. 1, кв. 1',
    address_parts: null,
    reg_date: '2012-07-01',
    cancel_date: null,
    info_update_date: '2024-05-01',
    cadastral_cost: 12_345_678.9,
    floor: '3',
    purpose: 'Жилое',
    wall_material: null,
    build_year: 1965,
    commissioning_year: null,
    land_category: null,
    permitted_use: null,
    permitted_use_by_doc: null,
    cad_engineer: null,
    has_encumbrances: false,
    encumbrances_count: 0,
    encumbrances: [],
    rights_count: 1,
    rights: [{ type: 'Собственность' }],
    old_numbers: null,
    parent_cad_number: null,
    child_cad_numbers: null,
    source: 'rosreestr_sprav',
    error: null,
  },
  fssp: {
    skipped: true,
    reason: 'owner full name is required: send it with POST /cadastral/full',
    has_active_proceedings: null,
    count: null,
    proceedings: null,
    source: null,
    error: null,
  },
});
