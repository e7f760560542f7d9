// Express 4 + ajv 6 (Debian's node-express and node-ajv), stock: a JSON Schema compiled by ajv
// with allErrors, `res.status(422).json({ errors: validate.errors })`. Checks JSON Schema cannot
// say are ajv custom keywords (their errors are ajv error objects like the rest); a refusal that
// belongs to no field is a plain Express answer. Run: node app.js PORT
'use strict';
const express = require('express');
const Ajv = require('ajv');

const TAKEN_USERNAMES = new Set(['admin']);
const BLOCKED_USERNAMES = new Set(['blocked']);

const ajv = new Ajv({ allErrors: true });

// `unique: true` on a string: the value is not already taken.
ajv.addKeyword('unique', {
  type: 'string',
  errors: true,
  validate: function unique(schema, data) {
    if (!schema || !TAKEN_USERNAMES.has(data)) return true;
    unique.errors = [{ keyword: 'unique', message: 'is already taken', params: {} }];
    return false;
  },
});

// `password_matches_username: false` on the object: password and username differ.
ajv.addKeyword('password_matches_username', {
  type: 'object',
  errors: true,
  validate: function passwordMatchesUsername(schema, data) {
    if (schema || data.password === undefined || data.password !== data.username) return true;
    passwordMatchesUsername.errors = [{
      keyword: 'password_matches_username', message: 'password must not equal username', params: {},
    }];
    return false;
  },
});

const validate = ajv.compile({
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 3, maxLength: 20, unique: true },
    email: { type: 'string', format: 'email' },
    password: { type: 'string', minLength: 8 },
    age: { type: 'integer', minimum: 13, maximum: 120 },
  },
  required: ['username', 'email', 'password'],
  password_matches_username: false,
});

// The receipt endpoint (issue 11): a list of line items, each checked on its own.
const KNOWN_SKUS = new Set(['ABC-1', 'ABC-2', 'BULK-10']);

// `known_sku: true` on a string: the SKU is one the shop sells.
ajv.addKeyword('known_sku', {
  type: 'string',
  errors: true,
  validate: function knownSku(schema, data) {
    if (!schema || KNOWN_SKUS.has(data)) return true;
    knownSku.errors = [{ keyword: 'known_sku', message: 'is not a known SKU', params: {} }];
    return false;
  },
});

// `bulk_in_tens: true` on a line: a BULK- SKU's quantity is a multiple of ten.
ajv.addKeyword('bulk_in_tens', {
  type: 'object',
  errors: true,
  validate: function bulkInTens(schema, data) {
    if (!schema || typeof data.sku !== 'string' || !data.sku.startsWith('BULK-') || data.qty % 10 === 0) return true;
    bulkInTens.errors = [{ keyword: 'bulk_in_tens', message: 'bulk SKUs ship in tens', params: {} }];
    return false;
  },
});

const validateReceipt = ajv.compile({
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      minItems: 2,
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', minLength: 1, maxLength: 20, known_sku: true },
          qty: { type: 'integer', minimum: 1, maximum: 100 },
        },
        required: ['sku', 'qty'],
        bulk_in_tens: true,
      },
    },
  },
  required: ['lines'],
});

const app = express();
app.use(express.json());

let nextId = 1;
app.post('/api/signup', (req, res) => {
  if (!validate(req.body)) {
    return res.status(422).json({ errors: validate.errors });
  }
  if (BLOCKED_USERNAMES.has(req.body.username)) {
    return res.status(400).json({ error: 'Sign-ups from this account are closed' });
  }
  res.status(201).json({ id: nextId++ });
});

let nextReceiptId = 1;
app.post('/api/receipt', (req, res) => {
  if (!validateReceipt(req.body)) {
    return res.status(422).json({ errors: validateReceipt.errors });
  }
  res.status(201).json({ id: nextReceiptId++ });
});

const port = Number(process.argv[2]);
app.listen(port, '127.0.0.1');
