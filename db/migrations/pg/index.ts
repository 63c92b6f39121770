/**
 * The PostgreSQL migrations: the same versions, names, tables, keys, constraints and
 * indexes as the SQLite list (db/migrations/index.ts), in PostgreSQL's own SQL.
 * Append only, like the SQLite list, and always in step with it.
 */
import type { Migration } from '../index';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_data_version';
import * as m0003 from './0003_search_index';
import * as m0004 from './0004_read_indexes';
import * as m0005 from './0005_list_indexes';
import * as m0006 from './0006_match_revision';
import * as m0007 from './0007_approved_results_version';
import * as m0008 from './0008_shared_state';
import * as m0009 from './0009_league_rules';
import * as m0010 from './0010_match_schedule';
import * as m0011 from './0011_match_cards';
import * as m0012 from './0012_report_loop';
import * as m0013 from './0013_team_season_indexes';
import * as m0014 from './0014_overdue_notices';

export const postgresMigrations: readonly Migration[] = [
  { version: 1, name: '0001_initial', up: m0001.up },
  { version: 2, name: '0002_data_version', up: m0002.up },
  { version: 3, name: '0003_search_index', up: m0003.up },
  { version: 4, name: '0004_read_indexes', up: m0004.up },
  { version: 5, name: '0005_list_indexes', up: m0005.up },
  { version: 6, name: '0006_match_revision', up: m0006.up },
  { version: 7, name: '0007_approved_results_version', up: m0007.up },
  { version: 8, name: '0008_shared_state', up: m0008.up },
  { version: 9, name: '0009_league_rules', up: m0009.up },
  { version: 10, name: '0010_match_schedule', up: m0010.up },
  { version: 11, name: '0011_match_cards', up: m0011.up },
  { version: 12, name: '0012_report_loop', up: m0012.up },
  { version: 13, name: '0013_team_season_indexes', up: m0013.up },
  { version: 14, name: '0014_overdue_notices', up: m0014.up },
];
