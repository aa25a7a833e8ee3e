// The blog list's order: newest first, posts of one day by their slug.
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../src/content/blog-posts.js';

describe('BLOG_POSTS', () => {
  it('lists the newest first, and a day’s posts by slug', () => {
    expect(BLOG_POSTS.length).toBeGreaterThan(6);
    for (let index = 1; index < BLOG_POSTS.length; index += 1) {
      const before = BLOG_POSTS[index - 1]!;
      const after = BLOG_POSTS[index]!;
      expect(before.publishedDate >= after.publishedDate).toBe(true);
      if (before.publishedDate === after.publishedDate) expect(before.slug < after.slug).toBe(true);
    }
  });
});
