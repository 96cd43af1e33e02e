/**
 * Words of organization names that stand for other words.
 *
 * ABBREVIATIONS: short forms written in place of the words of a name, expanded before names are compared
 * (`НПП «Альфа»` is `Научно-производственное предприятие «Альфа»`). The Russian expansions are the ones the
 * organizations' full names in the Unified State Register of Legal Entities (ЕГРЮЛ) write for their short
 * names; the Latin ones are the usual English contractions.
 *
 * GENERIC_WORDS: common company words with one meaning across Russian, English and transliteration; each
 * group's first word is its key. A name that agrees only once these are read as one word is a translation
 * of the other, which a reviewer confirms (`Группа Восток` / `Vostok Group`).
 */
export const ABBREVIATIONS: ReadonlyArray<readonly [short: string, expansion: string]> = [
  ['НПП', 'научно-производственное предприятие'],
  ['НПО', 'научно-производственное объединение'],
  ['НПФ', 'научно-производственная фирма'],
  ['НПК', 'научно-производственная компания'],
  ['НИИ', 'научно-исследовательский институт'],
  ['НИЦ', 'научно-исследовательский центр'],
  ['ЦНИИ', 'центральный научно-исследовательский институт'],
  ['ОКБ', 'опытно-конструкторское бюро'],
  ['КБ', 'конструкторское бюро'],
  ['ПКФ', 'производственно-коммерческая фирма'],
  ['ПО', 'производственное объединение'],
  ['ПФ', 'производственная фирма'],
  ['ТД', 'торговый дом'],
  ['ТК', 'торговая компания'],
  ['СК', 'строительная компания'],
  ['ГК', 'группа компаний'],
  ['УК', 'управляющая компания'],
  ['ИК', 'инвестиционная компания'],
  ['ЧОП', 'частное охранное предприятие'],
  ['ЧОО', 'частная охранная организация'],
  ['МФО', 'микрофинансовая организация'],
  ['АКБ', 'акционерный коммерческий банк'],
  ['corp', 'corporation'],
  ['co', 'company'],
  ['intl', 'international'],
  ['bros', 'brothers'],
  ['mfg', 'manufacturing'],
  ['natl', 'national'],
  ['dept', 'department'],
  ['assn', 'association'],
];

export const GENERIC_WORDS: ReadonlyArray<readonly string[]> = [
  ['company', 'компания', 'kompaniya', 'kompaniia', 'corporation', 'корпорация', 'korporatsiya'],
  ['group', 'группа', 'gruppa', 'grupa', 'gruppe', 'groupe', 'grupo'],
  ['bank', 'банк', 'banca', 'banco', 'banque'],
  ['holding', 'холдинг', 'holdings'],
  ['invest', 'инвест', 'investment', 'investments', 'инвестиции', 'инвестиционная', 'инвестиционный'],
  ['trade', 'трейд', 'trading', 'трейдинг', 'торговый', 'торговая', 'торговое', 'торговля'],
  ['plant', 'завод', 'zavod', 'factory', 'фабрика', 'fabrika'],
  ['international', 'международный', 'международная', 'mezhdunarodnyi', 'интернешнл', 'интернэшнл'],
  ['industrial', 'промышленный', 'промышленная', 'industries', 'индастриз', 'industry'],
  ['energy', 'энерго', 'energo', 'энергия', 'energiya'],
  ['oil', 'нефть', 'neft', 'нефтяная', 'нефтяной'],
  ['gas', 'газ', 'gaz'],
  ['service', 'сервис', 'services', 'servis'],
  ['construction', 'строительная', 'строительный', 'строй', 'stroi', 'stroy'],
  ['consulting', 'консалтинг', 'konsalting'],
  ['logistics', 'логистик', 'логистика', 'logistika'],
  ['technologies', 'технологии', 'tekhnologii', 'technology', 'tech', 'тех', 'tekh'],
  ['development', 'девелопмент', 'development', 'развитие'],
  ['capital', 'капитал', 'kapital'],
  ['finance', 'финанс', 'финансы', 'finans', 'financial'],
  ['agro', 'агро'],
  ['university', 'университет', 'universitet'],
  ['institute', 'институт', 'institut'],
];
