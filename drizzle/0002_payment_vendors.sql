-- The common payment vendors, offered to every new installation. Admins add and deactivate more.
INSERT INTO payment_vendors (name) VALUES
  ('PayPal'), ('Venmo'), ('Cash App'), ('Stripe'), ('Apple Pay'), ('Google Pay'),
  ('Mastercard'), ('Visa'), ('Zelle'), ('Revolut'), ('Wise'), ('Bank transfer')
ON CONFLICT DO NOTHING;
