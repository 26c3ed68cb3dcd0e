/** The core's commands and their results, by the names the rest of the server imports. */
export type { CoreCommand } from './kinds';
export type { CommandResult } from './kind';
export type { AdjustCommand, TransferCommand } from './funds/kind';
export type { SpotCancelCommand, SpotPlaceCommand } from './spot/markets';
export type { WithdrawApplyCommand, WithdrawReviewCommand } from './withdrawals/book';
export type { Atoms } from './amount';
