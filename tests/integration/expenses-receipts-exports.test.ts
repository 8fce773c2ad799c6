// Expenses through the API: receipt photos, and the CSV and JSON exports.

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ExpenseView } from '#shared/expenses/api.ts';
import {
  addExpense,
  cents,
  list,
  NOW,
  parseCsv,
  receiptPng,
  settle,
  setUpExpensesApp,
  splitOf,
  uploadReceipt,
} from './expenses-setup.ts';
import { multipart } from './helpers.ts';

const t = setUpExpensesApp();
const { householdWith, rowCounts } = t;

describe('POST /api/expenses/:id/receipt', () => {
  it('stores an uploaded photo as WebP and links it from the expense', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const expense = await addExpense(ann, people);
    const response = await uploadReceipt(
      others[0]!.client,
      expense.id,
      multipart('receipt', 'till.png', 'image/png', await receiptPng()),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated: ExpenseView = response.json();
    expect(updated.id).toBe(expense.id);
    expect(updated.receiptUrl).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+$/);
    expect((await list(ann))[0]!.receiptUrl).toBe(updated.receiptUrl);

    const image = await ann.client.get(updated.receiptUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // A receipt is for the household: no shared cache may keep it.
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    // A new receipt replaces the old one, which is no longer served.
    const replaced = await uploadReceipt(
      ann.client,
      expense.id,
      multipart('receipt', 'again.png', 'image/png', await receiptPng()),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().receiptUrl).not.toBe(updated.receiptUrl);
    expect((await ann.client.get(updated.receiptUrl!)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, a wrong field or a JSON body (400), changing nothing', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const expense = await addExpense(ann, people);
    const before = await rowCounts();
    const text = await uploadReceipt(
      ann.client,
      expense.id,
      multipart('receipt', 'receipt.png', 'image/png', 'Total: 30.00\nThank you for shopping'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Please select an image file', code: 'account.image_required' });

    const wrongField = await uploadReceipt(
      ann.client,
      expense.id,
      multipart('photo', 'till.png', 'image/png', await receiptPng()),
    );
    expect(wrongField.statusCode).toBe(400);
    const json = await ann.client.post(`/api/expenses/${expense.id}/receipt`, {
      receipt: 'data:image/png;base64,',
    });
    expect(json.statusCode).toBe(400);

    expect(await rowCounts()).toEqual(before);
    expect((await list(ann))[0]!.receiptUrl).toBeNull();
  });

  it('answers 404 for an unknown expense', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    const response = await uploadReceipt(
      ann.client,
      'no-such-expense',
      multipart('receipt', 'till.png', 'image/png', await receiptPng()),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('GET /api/expenses/export.csv: one row per split, quoted where needed, formulas neutralised', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const ben = others[0]!;
    const tricky = 'Pizza, "the good one"\nand wings';
    t.clock = NOW;
    const pizza = await addExpense(ann, people, {
      title: tricky,
      amount: '10.00',
      date: '2026-03-02',
      category: 'dining',
    });
    t.clock = NOW + 1000;
    await addExpense(ben, [ann, ben], {
      title: '=HYPERLINK("http://evil.example","Click")',
      amount: '5.00',
      date: '2026-03-01',
    });
    t.clock = NOW + 2000;
    await addExpense(ann, [ann, ben], {
      title: '@SUM(A1:A9)',
      amount: '1.00',
      date: '2026-02-28',
      category: 'other',
    });
    expect((await settle(ben, splitOf(pizza, ben).id)).statusCode).toBe(200);

    const response = await ben.client.get('/api/expenses/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    expect(response.body.split('\r\n')[0]).toBe(
      'date,title,category,payer,member,amount,settled,currency,original_currency,original_amount,exchange_rate',
    );
    expect(response.body).toContain('"Pizza, ""the good one""\nand wings"');

    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'date',
      'title',
      'category',
      'payer',
      'member',
      'amount',
      'settled',
      'currency',
      'original_currency',
      'original_amount',
      'exchange_rate',
    ]);
    expect(rows).toHaveLength(3 + 2 + 2);
    const pizzaRows = rows.filter((r) => r[1] === tricky);
    expect(pizzaRows.map((r) => r[4]).sort()).toEqual(['Ann A.', 'Ben B.', 'Cat C.']);
    for (const row of pizzaRows) {
      expect(row.slice(0, 4)).toEqual(['2026-03-02', tricky, 'dining', 'Ann A.']);
      expect(row[6]).toBe(row[4] === 'Cat C.' ? 'false' : 'true');
      // In the household's currency, paid in it: no original amount.
      expect(row.slice(7)).toEqual(['USD', '', '', '']);
    }
    expect(pizzaRows.map((r) => cents(r[5]!)).reduce((a, b) => a + b, 0)).toBe(1000);

    // Cells a spreadsheet would run as formulas start with a quote instead.
    const formulas = rows.filter((r) => r[1]!.includes('HYPERLINK') || r[1]!.includes('SUM'));
    expect(formulas).toHaveLength(4);
    for (const row of formulas) {
      expect(row[1]).toMatch(/^'[=@]/);
      expect(row.every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
    }
    expect(formulas.find((r) => r[1]!.includes('HYPERLINK'))!.slice(3, 6)).toEqual([
      'Ben B.',
      expect.any(String),
      '2.50',
    ]);
    expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0]!)].sort().reverse());
  });

  it("GET /api/export.json: the caller's household, expenses, chores and messages, nothing of others", async () => {
    const home = await householdWith(['Ann Archer', 'Ben Baker']);
    const away = await householdWith(['Zed Zimmer', 'Yan Young']);
    const ann = home.admin;
    const expense = await addExpense(ann, home.people, { title: 'Shared rug' });
    expect(
      (
        await ann.client.post('/api/chores', {
          title: 'Hoover the rug',
          assignedTo: ann.user.id,
          dueDate: '2026-03-12T18:00:00.000Z',
        })
      ).statusCode,
    ).toBe(201);
    expect((await ann.client.post('/api/messages', { content: 'Rug is here' })).statusCode).toBe(201);

    await addExpense(away.admin, away.people, { title: 'Secret vault', description: 'Hidden cash' });
    await away.admin.client.post('/api/chores', {
      title: 'Secret chore',
      assignedTo: away.admin.user.id,
      dueDate: '2026-03-12T18:00:00.000Z',
    });
    await away.admin.client.post('/api/messages', { content: 'Secret message' });

    const response = await home.others[0]!.client.get('/api/export.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const data = response.json() as {
      household: { id: string; name: string; members: { userId: string }[] };
      expenses: ExpenseView[];
      chores: { title: string }[];
      messages: { content: string }[];
    };
    expect(data.household).toMatchObject({ id: home.household.id, name: home.household.name });
    expect(data.household.members.map((m) => m.userId).sort()).toEqual(
      home.people.map((p) => p.user.id).sort(),
    );
    expect(data.expenses).toEqual([expense]);
    expect(data.chores.map((c) => c.title)).toEqual(['Hoover the rug']);
    expect(data.messages.map((m) => m.content)).toContain('Rug is here');
    for (const secret of [
      'Secret',
      'Hidden cash',
      away.household.id,
      away.household.inviteCode,
      ...away.people.map((p) => p.user.id),
    ]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/password/i);
  });
});
