import { describe, expect, it } from 'vitest';
import { yieldToMain } from '../yield-to-main';

describe('yieldToMain', () => {
  it('resolves in a later task, not in the current one', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    await Promise.resolve();
    order.push('rest of the current task');
    await yielded;
    expect(order).toEqual(['rest of the current task', 'after the yield']);
  });

  it('lets a task queued before it run first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('after the yield');
    expect(order).toEqual(['queued task', 'after the yield']);
  });
});
