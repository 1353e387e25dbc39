import type { Db } from '../db/client.js';

export function reportsRepository(db: Db) {
  void db;
  return {};
}
