-- The least a durable scan can cost: one transaction inserting one act row
-- with a number from a sequence, committed with synchronous_commit on.
INSERT INTO floor_acts (act_number, user_id) VALUES (nextval('floor_numbers'), 'bench-user-' || :client_id);
