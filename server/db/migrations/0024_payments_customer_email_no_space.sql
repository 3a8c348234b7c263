-- No e-mail address holds a space (every way in checks the address's format). The payments list's search relies on
-- it: a term with a space (a full name) is looked up in customer names only (search-terms.ts), half the work of
-- looking it up in addresses and references as well. The constraint makes that a rule of the data, not a habit of
-- the code.
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_email_no_space_check" CHECK (position(' ' in "customer_email") = 0);
