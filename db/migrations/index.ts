/**
 * The ordered list of migrations, each with its SQLite and its PostgreSQL form side by side:
 * the same versions, names, tables, keys, constraints and indexes, each in its engine's own
 * SQL. Append only: numbers are never reused or edited, and a version exists for both
 * engines or for neither.
 */
import type { Kysely } from 'kysely';
import * as sqlite0001 from './0001_initial';
import * as pg0001 from './pg/0001_initial';
import * as sqlite0002 from './0002_data_version';
import * as pg0002 from './pg/0002_data_version';
import * as sqlite0003 from './0003_search_index';
import * as pg0003 from './pg/0003_search_index';
import * as sqlite0004 from './0004_read_indexes';
import * as pg0004 from './pg/0004_read_indexes';
import * as sqlite0005 from './0005_list_indexes';
import * as pg0005 from './pg/0005_list_indexes';
import * as sqlite0006 from './0006_match_revision';
import * as pg0006 from './pg/0006_match_revision';
import * as sqlite0007 from './0007_approved_results_version';
import * as pg0007 from './pg/0007_approved_results_version';
import * as sqlite0008 from './0008_shared_state';
import * as pg0008 from './pg/0008_shared_state';
import * as sqlite0009 from './0009_league_rules';
import * as pg0009 from './pg/0009_league_rules';
import * as sqlite0010 from './0010_match_schedule';
import * as pg0010 from './pg/0010_match_schedule';
import * as sqlite0011 from './0011_match_cards';
import * as pg0011 from './pg/0011_match_cards';
import * as sqlite0012 from './0012_report_loop';
import * as pg0012 from './pg/0012_report_loop';
import * as sqlite0013 from './0013_team_season_indexes';
import * as pg0013 from './pg/0013_team_season_indexes';
import * as sqlite0014 from './0014_overdue_notices';
import * as pg0014 from './pg/0014_overdue_notices';
import * as sqlite0015 from './0015_people';
import * as pg0015 from './pg/0015_people';
import * as sqlite0016 from './0016_tasks_and_follows';
import * as pg0016 from './pg/0016_tasks_and_follows';
import * as sqlite0017 from './0017_own_goals';
import * as pg0017 from './pg/0017_own_goals';
import * as sqlite0018 from './0018_availability';
import * as pg0018 from './pg/0018_availability';
import * as sqlite0019 from './0019_availability_reminders';
import * as pg0019 from './pg/0019_availability_reminders';

export interface Migration {
  version: number;
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
  up(db: Kysely<any>): Promise<void>;
}

type Step = Pick<Migration, 'up'>;

/** Name (its number first), then the SQLite and the PostgreSQL step. */
const STEPS: readonly [name: string, sqlite: Step, postgres: Step][] = [
  ['0001_initial', sqlite0001, pg0001],
  ['0002_data_version', sqlite0002, pg0002],
  ['0003_search_index', sqlite0003, pg0003],
  ['0004_read_indexes', sqlite0004, pg0004],
  ['0005_list_indexes', sqlite0005, pg0005],
  ['0006_match_revision', sqlite0006, pg0006],
  ['0007_approved_results_version', sqlite0007, pg0007],
  ['0008_shared_state', sqlite0008, pg0008],
  ['0009_league_rules', sqlite0009, pg0009],
  ['0010_match_schedule', sqlite0010, pg0010],
  ['0011_match_cards', sqlite0011, pg0011],
  ['0012_report_loop', sqlite0012, pg0012],
  ['0013_team_season_indexes', sqlite0013, pg0013],
  ['0014_overdue_notices', sqlite0014, pg0014],
  ['0015_people', sqlite0015, pg0015],
  ['0016_tasks_and_follows', sqlite0016, pg0016],
  ['0017_own_goals', sqlite0017, pg0017],
  ['0018_availability', sqlite0018, pg0018],
  ['0019_availability_reminders', sqlite0019, pg0019],
];

const listOf = (engine: 1 | 2): readonly Migration[] =>
  STEPS.map((step) => ({ version: Number(step[0].slice(0, 4)), name: step[0], up: step[engine].up }));

export const migrations = listOf(1);
export const postgresMigrations = listOf(2);
