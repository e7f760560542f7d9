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

const port = Number(process.argv[2]);
app.listen(port, '127.0.0.1');
