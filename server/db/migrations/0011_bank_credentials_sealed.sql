-- A bank's credentials (apiConfig settings values and literal auth values) are sealed with DATA_KEY, which SQL does
-- not have: rows written before this column existed are sealed by the server at start-up (sealPlaintextBankCredentials).
ALTER TABLE "banks" ADD COLUMN "credentials_sealed" text;
