-- The company's employee list (docs/decisions.md EM1, EM4). The employees table exists since 001_init.sql (name,
-- number, position, the company's BAN); the list adds the employee's department, and an index that keeps the list
-- of a company in name order without sorting thousands of rows per page.
ALTER TABLE employees ADD COLUMN department TEXT;
CREATE INDEX employees_ban_name ON employees(ban, full_name, id);
