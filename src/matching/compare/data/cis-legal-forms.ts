import type { LegalFormFamily } from '../legal-forms.js';

/**
 * Legal forms of the CIS countries that lists and registers write before or after a name, with the Latin
 * transliterations lists use, by family: a Ukrainian ТОВ, a Kazakh ТОО/ЖШС, a Kyrgyz ОсОО and an Uzbek МЧЖ
 * are the limited liability company a Russian register writes ООО. Sources: the civil codes' names of the
 * forms (Russia: ОКОПФ ОК 028-2012; Ukraine: КОПФГ ДК 002:2004; Kazakhstan, Kyrgyzstan, Uzbekistan,
 * Belarus: their civil codes, in the state language and Russian).
 */
export const CIS_LEGAL_FORMS: ReadonlyArray<
  readonly [code: string, family: LegalFormFamily, spellings: string]
> = [
  ['ООО', 'LLC', 'ООО|OOO|LLC|TOV|TOO|OsOO|MChJ|MCHJ|TShShK|LLP'],
  ['ТОВ', 'LLC', 'ТОВ|товариство з обмеженою відповідальністю|tovarystvo z obmezhenoiu vidpovidalnistiu'],
  ['ТДВ', 'LLC', 'ТДВ|товариство з додатковою відповідальністю'],
  ['ТОО', 'LLC', 'ТОО|товарищество с ограниченной ответственностью|ЖШС|жауапкершілігі шектеулі серіктестік'],
  ['ОсОО', 'LLC', 'ОсОО|общество с ограниченной ответственностью'],
  ['МЧЖ', 'LLC', 'МЧЖ|масъулияти чекланган жамият|MChJ|mas’uliyati cheklangan jamiyat'],
  ['ОДО', 'LLC', 'ОДО|ТДО|ДМЖ|общество с дополнительной ответственностью'],
  ['АТ', 'JSC', 'АТ|акціонерне товариство|aktsionerne tovarystvo|АҚ|акционерлік қоғам|АЖ|AJ|AK|AQ'],
  ['ПАТ', 'JSC', 'ПАТ|публічне акціонерне товариство|PAT|ПрАТ|приватне акціонерне товариство|PrAT'],
  ['ВАТ', 'JSC', 'ВАТ|відкрите акціонерне товариство|VAT|ЗАТ|закрите акціонерне товариство|ZAT'],
  ['ААТ', 'JSC', 'ААТ|ачык акционердик коом|AAT|ЖАҚ|ЖАК|АЖ|ОАЖ|ЁАЖ'],
  ['АО', 'JSC', 'АО|AO|JSC|НАО|NAO|АОЗТ|АООТ|AOZT|AOOT'],
  ['ПАО', 'JSC', 'ПАО|PAO|PJSC'],
  ['ЗАО', 'JSC', 'ЗАО|ZAO|CJSC'],
  ['ОАО', 'JSC', 'ОАО|OAO|OJSC'],
  ['ИП', 'IE', 'ИП|IP|ФОП|FOP|фізична особа-підприємець|ЧП|ЯТТ'],
  [
    'ФГУП',
    'UNITARY',
    'ФГУП|FGUP|ГУП|GUP|МУП|MUP|УП|ДП|державне підприємство|РГП|казенное предприятие|ФКП|FKP',
  ],
  ['НКО', 'NONPROFIT', 'НКО|NKO|АНО|ANO|громадська організація|общественная организация'],
];
