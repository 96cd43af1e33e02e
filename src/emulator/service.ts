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

const built = new WeakMap<Registers, Router>();

export function serviceFor(registers: Registers): Router {
  let router = built.get(registers);
  if (router === undefined) {
    router = new Router();
    const routes = [
      ...dictionaryRoutes(new DictionaryCatalog(registers.banks)),
      ...listRoutes(
        foreignAgentRegister(registers.foreignAgents),
        sanctionsRegister(registers.sanctions),
        new BankruptcyRegister(registers.bankruptcy),
      ),
      ...debtRoutes(registers.debtors),
      ...validationRoutes(),
      ...cadastralRoutes(registers.cadastral, registers.bailiffs),
    ];
    for (const route of routes) router.add(route);
    built.set(registers, router);
  }
  return router;
}
