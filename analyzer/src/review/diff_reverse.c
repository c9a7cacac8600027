/* Apply one file's hunks in reverse to its patched text (see diff_reverse.h). */
#include "diff_reverse.h"

#include "string_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct text_lines {
	const char **start;
	size_t *len;
	size_t n;
	int last_has_newline;
};

static void split_lines(const char *text, size_t len, struct text_lines *t)
{
	size_t cap = 0;

	memset(t, 0, sizeof(*t));
	t->last_has_newline = 1;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;

		if (t->n == cap) {
			cap = cap ? cap * 2 : 256;
			t->start = xrealloc(t->start, cap * sizeof(*t->start));
			t->len = xrealloc(t->len, cap * sizeof(*t->len));
		}
		t->start[t->n] = text + i;
		t->len[t->n] = n;
		t->n++;
		t->last_has_newline = nl != NULL;
		i += n + (nl ? 1 : 0);
	}
}

/* Line i (0-based) of t equals the hunk line's text (a CR before the LF is ignored). */
static int same_line(const struct text_lines *t, size_t i, const char *text)
{
	size_t n, tn = strlen(text);

	if (i >= t->n)
		return 0;
	n = t->len[i];
	if (n && t->start[i][n - 1] == '\r' && (tn == 0 || text[tn - 1] != '\r'))
		n--;
	return n == tn && memcmp(t->start[i], text, n) == 0;
}

struct out_buf {
	char *data;
	size_t len, cap;
};

static void put(struct out_buf *b, const char *s, size_t n, int newline)
{
	if (b->len + n + 2 > b->cap) {
		b->cap = (b->len + n + 2) * 2;
		b->data = xrealloc(b->data, b->cap);
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	if (newline)
		b->data[b->len++] = '\n';
	b->data[b->len] = '\0';
}

int diff_reverse_apply(const struct diff_file *f, const char *new_text, size_t new_len,
		       char **old_text, size_t *old_len, char *err, size_t errlen)
{
	struct text_lines t;
	struct out_buf b = { 0 };
	size_t next = 0; /* 0-based index of the next new line to copy */
	int old_ends_without_newline = 0;

	split_lines(new_text, new_len, &t);
	put(&b, "", 0, 0);
	for (size_t h = 0; h < f->nhunks; h++) {
		const struct diff_hunk *hk = &f->hunks[h];
		size_t first = hk->new_count ? hk->new_start - 1 : hk->new_start;

		if (first < next || first > t.n)
			goto mismatch_at_start;
		for (; next < first; next++)
			put(&b, t.start[next], t.len[next], 1);
		for (size_t l = 0; l < hk->nlines; l++) {
			const struct diff_line *d = &hk->lines[l];

			if (d->kind == '-') {
				put(&b, d->text, strlen(d->text), 1);
				old_ends_without_newline = d->no_newline;
				continue;
			}
			if (!same_line(&t, next, d->text)) {
				snprintf(err, errlen,
					 "hunk %zu ('%s') does not match line %zu of the file",
					 h + 1, hk->header, next + 1);
				goto fail;
			}
			if (d->kind == ' ') {
				put(&b, t.start[next], t.len[next], 1);
				old_ends_without_newline = d->no_newline;
			}
			next++;
		}
		continue;
mismatch_at_start:
		snprintf(err, errlen, "hunk %zu ('%s') lies outside the file's %zu lines", h + 1,
			 hk->header, t.n);
		goto fail;
	}
	for (; next < t.n; next++) {
		put(&b, t.start[next], t.len[next], 1);
		old_ends_without_newline = next + 1 == t.n && !t.last_has_newline;
	}
	if (old_ends_without_newline && b.len && b.data[b.len - 1] == '\n')
		b.data[--b.len] = '\0';
	free(t.start);
	free(t.len);
	*old_text = b.data;
	*old_len = b.len;
	return 0;
fail:
	free(t.start);
	free(t.len);
	free(b.data);
	return -1;
}
