/**
 * Word pools for the demo league. Amateur squads in a big city mix every
 * background, so the pools do too; the towns are invented so the demo never
 * claims a real club.
 */

// prettier-ignore
export const FIRST_NAMES = [
  // British and Irish
  'James', 'Oliver', 'Harry', 'Jack', 'George', 'Callum', 'Liam', 'Connor', 'Ryan', 'Kieran',
  'Declan', 'Owen', 'Rhys', 'Ewan', 'Fraser', 'Tom', 'Ben', 'Sam', 'Joe', 'Dan',
  'Luke', 'Nathan', 'Jordan', 'Aaron', 'Lewis', 'Ciaran', 'Niall', 'Alfie', 'Reece', 'Toby',
  // Continental European
  'Mateo', 'Lucas', 'Hugo', 'Luca', 'Marco', 'Tiago', 'João', 'Andrés', 'Diego', 'Pablo',
  'Nikolai', 'Jakub', 'Piotr', 'Tomasz', 'Lukas', 'Jonas', 'Emil', 'Mats', 'Sven', 'Stefan',
  'Milan', 'Luka', 'Dimitri', 'Yannis', 'Florin', 'Bram', 'Jules', 'Théo', 'Enzo', 'Matteo',
  // African and Caribbean
  'Kwame', 'Kofi', 'Emeka', 'Chidi', 'Tunde', 'Seun', 'Olu', 'Femi', 'Moussa', 'Ibrahima',
  'Tendai', 'Themba', 'Sipho', 'Jermaine', 'Marlon', 'Andre', 'Tyrone', 'Delroy', 'Kemar', 'Dwayne',
  // Middle Eastern, South and East Asian
  'Omar', 'Yusuf', 'Karim', 'Tariq', 'Hamza', 'Bilal', 'Emre', 'Mehmet', 'Arjun', 'Rohan',
  'Vikram', 'Imran', 'Zain', 'Hiroshi', 'Kenji', 'Min-jun', 'Ji-ho', 'Wei', 'Jun', 'Duc',
  // Latin American
  'Santiago', 'Rafael', 'Gabriel', 'Thiago', 'Felipe', 'Nicolás', 'Joaquín', 'Bruno', 'Caio', 'Renan',
] as const;

// prettier-ignore
export const SURNAMES = [
  // British and Irish
  'Carter', 'Walsh', 'Hughes', 'Bennett', 'Fletcher', 'Harrison', 'Murphy', "O'Brien", 'Kelly', 'Gallagher',
  'MacLeod', 'Campbell', 'Fraser', 'Davies', 'Llewellyn', 'Price', 'Turner', 'Cooper', 'Baxter', 'Whitfield',
  'Holloway', 'Pearson', 'Doyle', 'Sheridan', 'Lawson', 'Marsh', 'Reid', 'Kennedy', 'Ashworth', 'Booth',
  // Continental European
  'García', 'Fernández', 'Moreno', 'Silva', 'Costa', 'Pereira', 'Rossi', 'Bianchi', 'Esposito', 'Conti',
  'Dubois', 'Lefèvre', 'Moreau', 'Schneider', 'Becker', 'Hoffmann', 'de Vries', 'Jansen', 'Nowak', 'Kowalski',
  'Wiśniewski', 'Novák', 'Horvat', 'Petrović', 'Jovanović', 'Papadopoulos', 'Lindqvist', 'Nielsen', 'Andersen', 'Popescu',
  // African and Caribbean
  'Mensah', 'Asante', 'Boateng', 'Okafor', 'Adeyemi', 'Okonkwo', 'Balogun', 'Diallo', 'Traoré', 'Ndiaye',
  'Mwangi', 'Dlamini', 'Moyo', 'Campbell-Brown', 'Thompson', 'Grant', 'Francis', 'Bailey', 'Clarke', 'Morgan',
  // Middle Eastern, South and East Asian
  'Haddad', 'Mansour', 'Khalil', 'Hussain', 'Rahman', 'Yılmaz', 'Demir', 'Kaya', 'Patel', 'Sharma',
  'Singh', 'Khan', 'Malik', 'Iqbal', 'Tanaka', 'Sato', 'Kim', 'Park', 'Chen', 'Nguyen',
  // Latin American
  'Rodríguez', 'Santos', 'Oliveira', 'Souza', 'Gómez', 'Herrera', 'Castillo', 'Vargas', 'Medina', 'Ramos',
] as const;

// prettier-ignore
/** Coaches and club officials are not all men, unlike the squads of these leagues. */
export const STAFF_FIRST_NAMES = [
  'Sarah', 'Claire', 'Fiona', 'Helen', 'Priya', 'Amara', 'Ngozi', 'Lucía', 'Sofia', 'Ingrid',
  'Martin', 'Paul', 'Steve', 'Graham', 'Tony', 'Gary', 'Neil', 'Ian', 'Colin', 'Derek',
  'Roberto', 'Jürgen', 'Henrik', 'Samuel', 'Patrick', 'Adebayo', 'Malcolm', 'Rashid', 'Carlos', 'Viktor',
] as const;

export interface LeagueBlueprint {
  /** League id without the season suffix. */
  code: string;
  name: string;
  location: string;
  teamCount: number;
  /** UTC day of the week of a matchday: 6 Saturday, 0 Sunday. */
  weekday: number;
  /** Kick-off hours (UTC) used on a matchday. */
  kickOffHours: readonly number[];
  towns: readonly string[];
}

/**
 * The first town of the first league is the demo team's home: the walkthroughs
 * in the docs and the browser tests can then name it whatever the seed number.
 */
export const LEAGUE_BLUEPRINTS: readonly LeagueBlueprint[] = [
  {
    code: 'mwpl',
    name: 'Metro West Premier League',
    location: 'Metro West',
    teamCount: 12,
    weekday: 6,
    kickOffHours: [14, 15],
    // prettier-ignore
    towns: [
      'Riverside', 'Kingsbridge', 'Westgate', 'Parkhill', 'Millbrook', 'Eastwick', 'Harbourside', 'Stonecross',
      'Fairview', 'Brookfield', 'Northgate', 'Elm Park', 'Queensway', 'Hollowell', 'Canal Wharf', 'St Anne’s',
    ],
  },
  {
    code: 'ncfl',
    name: 'North County Football League',
    location: 'North County',
    teamCount: 10,
    weekday: 6,
    kickOffHours: [14, 15],
    // prettier-ignore
    towns: [
      'Thornbury', 'Ashby', 'Kelford', 'Dunmore', 'Hartwell', 'Longmoor', 'Redcliffe', 'Oakham Vale',
      'Fernley', 'Barrow Hill', 'Greystone', 'Highcombe', 'Linton Cross', 'Marsden',
    ],
  },
  {
    code: 'rvsl',
    name: 'River Valley Sunday League',
    location: 'River Valley',
    teamCount: 8,
    weekday: 0,
    kickOffHours: [10, 11],
    // prettier-ignore
    towns: [
      'Willowbank', 'Ferrybridge', 'Otterford', 'Swanmere', 'Kingsmead', 'Reedham', 'Cressbrook', 'Alderford',
      'Lower Brook', 'Mill End', 'Weirside',
    ],
  },
];

// prettier-ignore
/** Club name suffixes; the demo team always takes the first. */
export const TEAM_SUFFIXES = [
  'Rovers', 'United', 'Athletic', 'Wanderers', 'Town', 'Rangers', 'Albion', 'Harriers', 'Villa', 'Celtic',
  'Corinthians', 'Swifts', 'Olympic', 'Borough', 'City', 'Dynamo', 'Saints', 'Alexandra', 'Park Rangers', 'Invicta',
] as const;

/** Some clubs put a word before the town instead ("Sporting Kelford", "AFC Dunmore"). */
export const TEAM_PREFIXES = ['AFC', 'Sporting', 'Real', 'Inter', 'FC'] as const;

export const GROUND_TEMPLATES = [
  '{town} Recreation Ground',
  '{town} Park',
  '{town} Sports Ground',
  '{town} Community Stadium',
  '{town} Playing Fields',
  '{town} Memorial Ground',
  '{town} Lane',
] as const;

export const TEAM_DESCRIPTIONS = [
  'Founded in {year}, {team} play their home games at {ground} and run three youth sides alongside the first team.',
  '{team} were formed in {year} by a group of friends from the {town} pub league. They are known for a quick passing game.',
  'A community club since {year}, {team} pride themselves on giving local players a pathway from the under-12s to Saturday football.',
  '{team} reformed in {year} after a decade away and have climbed two divisions since. Home is {ground}.',
  'One of the oldest clubs in the area, {team} have played at {ground} since {year}. Their volunteers also run a walking-football group.',
  '{team} started in {year} as a works side and still train on Tuesday and Thursday nights at {ground}.',
  'Established in {year}, {team} are a family club with a famously loud touchline and a tea hut that never runs out of bacon rolls.',
  '{team} have been part of the {town} community since {year}. They finished in the top half in each of the last three seasons.',
] as const;

export const PLAYER_BIOS = {
  GK: [
    'Commanding keeper who organises the back line and is rarely beaten from distance.',
    'Shot-stopper with quick reflexes; joined from {town} in {year}.',
    'Dependable goalkeeper, good with his feet and calm under a high ball.',
    'Came through the {team} youth teams and has kept goal for the club since {year}.',
    'Agile keeper and penalty specialist; works as a PE teacher during the week.',
  ],
  DEF: [
    'No-nonsense centre-back, strong in the air and vocal at set pieces.',
    'Attacking full-back who loves an overlap; signed from {town} in {year}.',
    'Versatile defender who can cover across the back four.',
    'Reads the game well and has been a fixture in defence since {year}.',
    'Tough-tackling defender who takes the armband whenever the captain is missing.',
    'Quick, composed left-back who grew up in {town} and never shirks a tackle.',
  ],
  MID: [
    'Box-to-box midfielder with a big engine and a habit of late runs into the area.',
    'Creative playmaker who sees passes others miss; joined in {year}.',
    'Holding midfielder who breaks up play and keeps things simple.',
    'Set-piece taker with a sweet right foot; arrived from {town} in {year}.',
    'Tireless in the middle of the park and popular in the dressing room.',
    'Wide midfielder with pace to burn and a dangerous cross.',
  ],
  FW: [
    'Natural finisher who lives on the shoulder of the last defender.',
    'Target man who holds the ball up well and brings others into play.',
    'Pacy striker who joined from {town} in {year} and scores all kinds of goals.',
    'Clever forward with quick feet, at his best cutting in from the left.',
    'Prolific goalscorer at youth level, now leading the line for {team}.',
  ],
} as const;

export const COACH_BIOS = {
  head: [
    '{name} has led {team} since {year}, after a long playing career in the county leagues.',
    'A UEFA C licence holder, {name} took charge in {year} and favours a high-pressing 4-3-3.',
    '{name} has been at the club since {year}, first as a player and now as head coach.',
    'Former {town} captain {name} became head coach in {year} and built the side around its youth players.',
  ],
  assistant: [
    '{name} runs training on weeknights and looks after the goalkeepers.',
    'Assistant coach since {year}; {name} also manages the reserve side.',
    '{name} handles set pieces and opposition scouting for {team}.',
  ],
} as const;

export const NEWS_TEMPLATES = {
  bigWin: [
    {
      title: '{winner} hit {goals} past {loser}',
      description: '{winner} ran out {score} winners over {loser} at {ground}.',
    },
    {
      title: 'Statement win for {winner}',
      description: 'A {score} victory over {loser} keeps {winner} in the hunt near the top.',
    },
    {
      title: '{loser} swept aside by {winner}',
      description: '{winner} were clinical in a {score} win, with {scorer} among the scorers.',
    },
  ],
  leader: [
    {
      title: '{team} top the table',
      description: '{team} lead the {league} on {points} points after {played} matches.',
    },
  ],
  signing: [
    {
      title: '{team} sign {player}',
      description: '{player} joins {team} from {town} and goes straight into the squad.',
    },
  ],
  fixtureChange: [
    {
      title: 'Kick-off time changed: {home} v {away}',
      description: 'The match between {home} and {away} now kicks off at {time} to avoid a pitch clash.',
    },
  ],
  roundUp: [
    {
      title: '{league} weekend round-up',
      description: 'All the results from the latest round, led by {winner} beating {loser} {score}.',
    },
  ],
} as const;

export interface ClubColours {
  primary: string;
  secondary: string;
}

/** Colour pairs that read well together and keep the initials legible. */
export const CLUB_COLOURS: readonly ClubColours[] = [
  { primary: '#b91c1c', secondary: '#ffffff' },
  { primary: '#1d4ed8', secondary: '#facc15' },
  { primary: '#15803d', secondary: '#ffffff' },
  { primary: '#111827', secondary: '#f59e0b' },
  { primary: '#7c2d12', secondary: '#7dd3fc' },
  { primary: '#6d28d9', secondary: '#fde68a' },
  { primary: '#0f766e', secondary: '#fef3c7' },
  { primary: '#1e3a8a', secondary: '#ffffff' },
  { primary: '#be123c', secondary: '#1f2937' },
  { primary: '#ea580c', secondary: '#111827' },
  { primary: '#0369a1', secondary: '#e0f2fe' },
  { primary: '#166534', secondary: '#fde047' },
  { primary: '#9f1239', secondary: '#93c5fd' },
  { primary: '#374151', secondary: '#f87171' },
  { primary: '#854d0e', secondary: '#fef9c3' },
  { primary: '#0e7490', secondary: '#f8fafc' },
];

// prettier-ignore
/** Background tones for person avatars: muted so the silhouette stands out. */
export const AVATAR_BACKGROUNDS = [
  '#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#ede9fe', '#e0f2fe', '#ffedd5', '#f1f5f9', '#ccfbf1', '#fee2e2',
] as const;

export const SKIN_TONES = ['#f5d0b5', '#e8b894', '#d19a6e', '#a86b45', '#7a4a2c', '#5a3520'] as const;
export const HAIR_COLOURS = ['#1f1a17', '#3b2a20', '#6b4226', '#a0672f', '#d4a15a', '#8c8c8c'] as const;

/** Replaces `{key}` placeholders; an unknown key is left visible so a typo shows up in review. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => {
    const value = values[key];
    return value === undefined ? match : String(value);
  });
}
