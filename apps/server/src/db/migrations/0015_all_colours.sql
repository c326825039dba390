-- All colours (product 14) is a one-off like Pipette 4, Fast mode 5 and Pixanos' Snap 13: held
-- once at most, one open order at a time. The guards of 0002 name the one-off ids, so both are
-- made again with the new list.
ALTER TABLE inventory DROP CONSTRAINT inventory_check;
ALTER TABLE inventory ADD CONSTRAINT inventory_one_off_check
  CHECK (product_id NOT IN (4, 5, 13, 14) OR quantity <= 1);

DROP INDEX orders_one_off_pending_idx;
CREATE UNIQUE INDEX orders_one_off_pending_idx ON orders (user_id, product_id)
  WHERE status = 'pending' AND product_id IN (4, 5, 13, 14);
