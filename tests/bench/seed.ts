/**
 * Demo-league seed and standings: how long a fresh install takes to become usable,
 * and how long the pure rules take over a whole league's results.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAndMigrate } from '../../db/connection';
import { seedDemoLeague } from '../../db/seed/demo-league';
import { computeStandings } from '../../api/domain/standings';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-bench-'));
try {
  const file = path.join(dir, 'bench.db');
  let started = performance.now();
  const connection = await openAndMigrate(file);
  const migrateMs = performance.now() - started;

  started = performance.now();
  const summary = await seedDemoLeague(connection.db, { imagesDir: path.join(dir, 'images') });
  const seedMs = performance.now() - started;

  const { sqlite } = connection;
  const teams = sqlite.prepare('SELECT team_id, team_name, logo, league_id FROM teams').all() as {
    team_id: string;
    team_name: string;
    logo: string | null;
    league_id: string;
  }[];
  const matches = sqlite
    .prepare('SELECT league_id, home_team, away_team, home_score, away_score, approved FROM matches')
    .all() as {
    league_id: string;
    home_team: string;
    away_team: string;
    home_score: number | null;
    away_score: number | null;
    approved: string;
  }[];
  const rounds = 1000;
  started = performance.now();
  for (let i = 0; i < rounds; i += 1) computeStandings(teams, matches);
  const standingsUs = ((performance.now() - started) / rounds) * 1000;
  await connection.close();
  const sizeKb = fs.statSync(file).size / 1024;

  console.log(`migrate (empty database):        ${migrateMs.toFixed(1)} ms`);
  console.log(
    `seed demo league:                ${seedMs.toFixed(0)} ms (${summary.leagues} leagues, ${summary.teams} teams, ` +
      `${summary.players} players, ${summary.matches} matches, 7 scrypt hashes at N=2^17)`,
  );
  console.log(`database file after seed:        ${sizeKb.toFixed(0)} KiB`);
  console.log(`standings over ${matches.length} matches:   ${standingsUs.toFixed(0)} µs per computation`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
