-- Second security review (issue 24).

-- A deposit confirmation waiting for a second operator (its amount differs from the claim, or its
-- USDT value is above the threshold): the queue row names the deposit request and the output the
-- operator checked; approving it confirms the deposit for the row's amount.
alter table operator_adjustments add column deposit_id bigint;
alter table operator_adjustments add column output_index integer;

-- Today's money steps of an operator and of a user, summed against the two-operator threshold.
create index operator_log_money_steps on operator_log (created_at) where action in ('ledger.adjust', 'deposit.confirm');

-- An acceptor's "paid" on a sell may be disputed by its user within the confirmation window: the
-- deal then waits for an operator's ruling (release the coins to the acceptor, or return them to
-- the user) instead of confirming itself.
alter table acceptor_deals add column objected_at timestamptz;
alter table acceptor_deals add column ruling text not null default '';
alter table acceptor_deals add column ruled_by integer;
