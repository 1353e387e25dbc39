import type { Db } from '../db/client.js';

export function sitesRepository(db: Db) {
  void db;
  return {};
}
