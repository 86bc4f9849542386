import { chatSocketUrl } from './chatUrl';

const page = { protocol: 'http:', hostname: 'localhost' };

test('the configured chat address wins', () => {
  expect(chatSocketUrl({ apiUrl: 'http://localhost:8000', chatUrl: 'wss://chat.care.example' }, page)).toBe('wss://chat.care.example');
});

test('without one, port 3002 of the API host, secure when the API is', () => {
  expect(chatSocketUrl({ apiUrl: 'http://localhost:8000', chatUrl: '' }, page)).toBe('ws://localhost:3002');
  expect(chatSocketUrl({ apiUrl: 'https://api.care.example' }, page)).toBe('wss://api.care.example:3002');
  expect(chatSocketUrl({ apiUrl: '' }, { protocol: 'https:', hostname: 'care.example' })).toBe('wss://care.example:3002');
});
