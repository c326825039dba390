-- The NFT mint watcher: when the player's wallet reported the mint message (its valid_until runs
-- from here: a message never seen on chain by then is lost and the drawing is approved again),
-- and the collection's transaction that minted the item, lower-case hex, for the explorer link.
ALTER TABLE nfts ADD COLUMN mint_sent_at timestamptz;
ALTER TABLE nfts ADD COLUMN mint_tx text;
