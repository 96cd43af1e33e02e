import type { PartyKind } from './prepare-client.js';

/**
 * What kind of party a register record describes, from the register's own words. Registers write these
 * fields as free Russian text; only the distinction person / organization matters for matching.
 */

/**
 * Foreign-agent `agent_type`: `Физическое лицо` is a person; legal entities, foreign structures without
 * legal personality, unregistered associations and media are organizations; empty is unknown.
 */
export function foreignAgentKind(agentType: string): PartyKind | 'unknown' {
  const text = agentType.trim().toLowerCase();
  if (text.length === 0) return 'unknown';
  return text.includes('физическ') || text.includes('индивидуальн') ? 'person' : 'organization';
}

/**
 * Bankruptcy `category`: citizens (`Гражданин`, `Физическое лицо`) and individual entrepreneurs are
 * persons. When the category says nothing recognisable, a 12-digit INN marks a person and a 10-digit one
 * an organization.
 */
export function bankruptcyKind(category: string, inn: string): PartyKind | 'unknown' {
  const text = category.trim().toLowerCase();
  if (text.includes('гражданин') || text.includes('физическ') || text.includes('индивидуальн'))
    return 'person';
  if (text.includes('юридическ') || text.includes('организац')) return 'organization';
  const digits = inn.trim();
  if (digits.length === 12) return 'person';
  if (digits.length === 10) return 'organization';
  return 'unknown';
}
