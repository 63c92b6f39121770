/**
 * A match's schedule status: the one rule the server applies too. Answers
 * from before the field existed (cached offline copies) have none: scheduled.
 */
export { isPostponed } from '../../api/domain/match-time';
