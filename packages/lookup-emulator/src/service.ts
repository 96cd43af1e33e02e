/**
 * The served state of a seed: every route with its indexes and pre-serialised answers. Built once per
 * register set and shared by every emulator instance of that seed.
 */
import { DictionaryCatalog } from './dictionaries.js';
import type { Registers } from './registers/index.js';
import { Router } from './router.js';
import { cadastralRoutes } from './routes/cadastral.js';
import { debtRoutes } from './routes/debt.js';
import { dictionaryRoutes } from './routes/dictionary.js';
import { BankruptcyRegister, foreignAgentRegister, listRoutes, sanctionsRegister } from './routes/lists.js';
import { validationRoutes } from './routes/validation.js';
import { DEFAULT_BEHAVIOUR, type EmulatorBehaviour } from './variant.js';

const built = new WeakMap<Registers, Map<EmulatorBehaviour, Router>>();

function build(registers: Registers, behaviour: EmulatorBehaviour): Router {
  const { views, resultCap, crossScriptSearch: crossScript } = behaviour;
  const router = new Router();
  const routes = [
    ...dictionaryRoutes(
      new DictionaryCatalog(registers.banks, views.dictionaryItem),
      behaviour.maxDictionaryLimit,
      views.envelopeExtras,
    ),
    ...listRoutes(
      foreignAgentRegister(registers.foreignAgents, { resultCap, crossScript, view: views.foreignAgent }),
      sanctionsRegister(registers.sanctions, { resultCap, crossScript, view: views.sanctions }),
      new BankruptcyRegister(registers.bankruptcy, { resultCap, crossScript, view: views.bankruptcy }),
    ),
    ...debtRoutes(registers.debtors, views),
    ...validationRoutes({ email: behaviour.email, card: views.card, envelopeExtras: views.envelopeExtras }),
    ...cadastralRoutes(registers.cadastral, registers.bailiffs),
  ];
  for (const route of routes) router.add(route);
  return router;
}

/** The routes of a register set as a variant serves them; built once per pair. */
export function serviceFor(registers: Registers, behaviour: EmulatorBehaviour = DEFAULT_BEHAVIOUR): Router {
  let byBehaviour = built.get(registers);
  if (byBehaviour === undefined) {
    byBehaviour = new Map();
    built.set(registers, byBehaviour);
  }
  let router = byBehaviour.get(behaviour);
  if (router === undefined) {
    router = build(registers, behaviour);
    byBehaviour.set(behaviour, router);
  }
  return router;
}
