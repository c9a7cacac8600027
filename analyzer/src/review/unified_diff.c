/* Parse unified diffs into files and hunks (see unified_diff.h). */
#include "unified_diff.h"

#include "string_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct line_reader {
	const char *p, *end;
	unsigned number;
};

/* The next line without its end (owned), or NULL at the end of the text. */
static char *next_line(struct line_reader *r)
{
	const char *nl;
	size_t n;

	if (r->p >= r->end)
		return NULL;
	nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	n = nl ? (size_t)(nl - r->p) : (size_t)(r->end - r->p);
	r->number++;
	{
		char *s = xstrndup(r->p, n);

		if (n && s[n - 1] == '\r')
			s[n - 1] = '\0';
		r->p = nl ? nl + 1 : r->end;
		return s;
	}
}

static const char *peek_line(const struct line_reader *r)
{
	return r->p < r->end ? r->p : "";
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A git C-style quoted name ("a/x\tb") starting at *s; advances *s past it. */
static char *unquote(const char **s)
{
	const char *p = *s + 1;
	char *out = xmalloc(strlen(p) + 1), *o = out;

	while (*p && *p != '"') {
		if (*p != '\\') {
			*o++ = *p++;
			continue;
		}
		p++;
		if (*p >= '0' && *p <= '7') {
			int v = 0;

			for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++)
				v = v * 8 + (*p++ - '0');
			*o++ = (char)v;
			continue;
		}
		switch (*p) {
		case 'n': *o++ = '\n'; break;
		case 't': *o++ = '\t'; break;
		case 'a': *o++ = '\a'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'r': *o++ = '\r'; break;
		case 'v': *o++ = '\v'; break;
		case '\0': p--; break;
		default: *o++ = *p; break;
		}
		p++;
	}
	*o = '\0';
	*s = *p == '"' ? p + 1 : p;
	return out;
}

/* The path of a ---/+++ line: quoted, or up to a tab (diff -u puts the date there). */
static char *header_path(const char *s)
{
	const char *tab;
	size_t n;

	if (*s == '"')
		return unquote(&s);
	tab = strchr(s, '\t');
	n = tab ? (size_t)(tab - s) : strlen(s);
	while (n && s[n - 1] == ' ' && !tab)
		n--;
	return xstrndup(s, n);
}

/* "diff --git a/X b/Y": the two names, when ---/+++ lines will not tell them. */
static void git_header_paths(const char *rest, char **a, char **b)
{
	size_t n = strlen(rest);

	*a = *b = NULL;
	if (*rest == '"') {
		const char *s = rest;

		*a = unquote(&s);
		while (*s == ' ')
			s++;
		*b = *s == '"' ? unquote(&s) : xstrdup(s);
		return;
	}
	/* unquoted names may hold spaces: the split that gives equal names
	 * after the first component, else the last " b/"-like space */
	for (size_t i = 1; i < n; i++) {
		const char *sa, *sb;

		if (rest[i] != ' ')
			continue;
		sa = memchr(rest, '/', i);
		sb = strchr(rest + i + 1, '/');
		if (sa && sb && (size_t)(rest + i - sa) == strlen(sb) &&
		    strncmp(sa, sb, strlen(sb)) == 0) {
			*a = xstrndup(rest, i);
			*b = xstrdup(rest + i + 1);
			return;
		}
	}
	{
		const char *sp = strrchr(rest, ' ');

		*a = sp ? xstrndup(rest, (size_t)(sp - rest)) : xstrdup(rest);
		*b = xstrdup(sp ? sp + 1 : rest);
	}
}

static struct diff_file *new_file(struct patch *p)
{
	struct diff_file *f;

	p->files = xrealloc(p->files, (p->nfiles + 1) * sizeof(*p->files));
	f = &p->files[p->nfiles++];
	memset(f, 0, sizeof(*f));
	return f;
}

static void add_header(struct diff_file *f, const char *line)
{
	f->header = xrealloc(f->header, (f->nheader + 1) * sizeof(*f->header));
	f->header[f->nheader++] = xstrdup(line);
}

static void set_raw(char **slot, int *prefixed, char *path, int is_prefixed)
{
	free(*slot);
	*slot = path;
	*prefixed = is_prefixed;
}

/* "@@ -a[,b] +c[,d] @@": 0 on success. */
static int parse_hunk_header(const char *s, struct diff_hunk *h)
{
	char *end;

	if (!starts(s, "@@ -"))
		return -1;
	s += 4;
	h->old_start = (unsigned)strtoul(s, &end, 10);
	h->old_count = 1;
	if (end == s)
		return -1;
	if (*end == ',')
		h->old_count = (unsigned)strtoul(end + 1, &end, 10);
	if (!starts(end, " +"))
		return -1;
	s = end + 2;
	h->new_start = (unsigned)strtoul(s, &end, 10);
	h->new_count = 1;
	if (end == s)
		return -1;
	if (*end == ',')
		h->new_count = (unsigned)strtoul(end + 1, &end, 10);
	return starts(end, " @@") ? 0 : -1;
}

static void add_hunk_line(struct diff_hunk *h, char kind, const char *text, unsigned old_line,
			  unsigned new_line)
{
	struct diff_line *l;

	h->lines = xrealloc(h->lines, (h->nlines + 1) * sizeof(*h->lines));
	l = &h->lines[h->nlines++];
	l->kind = kind;
	l->text = xstrdup(text);
	l->no_newline = 0;
	l->old_line = old_line;
	l->new_line = new_line;
}

/* Reads the body of hunk h (its header already parsed); 0 or -1 with err. */
static int read_hunk_body(struct line_reader *r, struct diff_hunk *h, char *err, size_t errlen)
{
	unsigned old_left = h->old_count, new_left = h->new_count;
	unsigned old_line = h->old_start ? h->old_start : 1;
	unsigned new_line = h->new_start ? h->new_start : 1;

	if (h->old_count == 0)
		old_line = h->old_start + 1;
	if (h->new_count == 0)
		new_line = h->new_start + 1;
	while (old_left || new_left || starts(peek_line(r), "\\")) {
		char *s = next_line(r);
		char kind;

		if (!s) {
			snprintf(err, errlen, "line %u: the patch ends inside a hunk", r->number);
			return -1;
		}
		if (s[0] == '\\') { /* "\ No newline at end of file" */
			if (h->nlines)
				h->lines[h->nlines - 1].no_newline = 1;
			free(s);
			continue;
		}
		kind = s[0] == '\0' ? ' ' : s[0]; /* mailers drop a blank context line's space */
		if (kind == ' ' && old_left && new_left) {
			add_hunk_line(h, ' ', s[0] ? s + 1 : s, old_line++, new_line++);
			old_left--;
			new_left--;
		} else if (kind == '-' && old_left) {
			add_hunk_line(h, '-', s + 1, old_line++, new_line);
			old_left--;
		} else if (kind == '+' && new_left) {
			add_hunk_line(h, '+', s + 1, 0, new_line++);
			new_left--;
		} else {
			snprintf(err, errlen,
				 "line %u: malformed hunk (%u old and %u new lines still expected)",
				 r->number, old_left, new_left);
			free(s);
			return -1;
		}
		free(s);
	}
	return 0;
}

int patch_parse(const char *text, size_t len, struct patch *out, char *err, size_t errlen)
{
	struct line_reader r = { text, text + len, 0 };
	struct diff_file *cur = NULL;
	int git_header = 0; /* cur came from "diff --git" and has no ---/+++ yet */
	char *s;

	memset(out, 0, sizeof(*out));
	while ((s = next_line(&r)) != NULL) {
		if (starts(s, "diff --git ")) {
			char *a, *b;

			cur = new_file(out);
			out->git_style = 1;
			git_header = 1;
			add_header(cur, s);
			git_header_paths(s + 11, &a, &b);
			set_raw(&cur->raw_old, &cur->raw_old_prefixed, a, 1);
			set_raw(&cur->raw_new, &cur->raw_new_prefixed, b, 1);
		} else if (starts(s, "--- ") && starts(peek_line(&r), "+++ ")) {
			char *plus = next_line(&r);

			if (!cur || !git_header || cur->nhunks)
				cur = new_file(out); /* plain diff -u: no "diff --git" line */
			add_header(cur, s);
			add_header(cur, plus);
			set_raw(&cur->raw_old, &cur->raw_old_prefixed, header_path(s + 4), 1);
			set_raw(&cur->raw_new, &cur->raw_new_prefixed, header_path(plus + 4), 1);
			git_header = 0;
			free(plus);
		} else if (cur && git_header && starts(s, "rename from ")) {
			const char *q = s + 12;

			add_header(cur, s);
			set_raw(&cur->raw_old, &cur->raw_old_prefixed,
				*q == '"' ? unquote(&q) : xstrdup(q), 0);
			cur->is_rename = 1;
		} else if (cur && git_header && starts(s, "rename to ")) {
			const char *q = s + 10;

			add_header(cur, s);
			set_raw(&cur->raw_new, &cur->raw_new_prefixed,
				*q == '"' ? unquote(&q) : xstrdup(q), 0);
			cur->is_rename = 1;
		} else if (cur && git_header && starts(s, "new file mode")) {
			add_header(cur, s);
			set_raw(&cur->raw_old, &cur->raw_old_prefixed, xstrdup("/dev/null"), 0);
		} else if (cur && git_header && starts(s, "deleted file mode")) {
			add_header(cur, s);
			set_raw(&cur->raw_new, &cur->raw_new_prefixed, xstrdup("/dev/null"), 0);
		} else if (cur && git_header &&
			   (starts(s, "Binary files ") || starts(s, "GIT binary patch"))) {
			add_header(cur, s);
			cur->is_binary = 1;
		} else if (cur && git_header &&
			   (starts(s, "index ") || starts(s, "similarity index") ||
			    starts(s, "dissimilarity index") || starts(s, "old mode") ||
			    starts(s, "new mode") || starts(s, "copy from") || starts(s, "copy to"))) {
			add_header(cur, s);
		} else if (starts(s, "@@ -")) {
			struct diff_hunk *h;

			if (!cur) {
				snprintf(err, errlen, "line %u: hunk before any file header", r.number);
				free(s);
				patch_free(out);
				return -1;
			}
			git_header = 0;
			cur->hunks = xrealloc(cur->hunks, (cur->nhunks + 1) * sizeof(*cur->hunks));
			h = &cur->hunks[cur->nhunks++];
			memset(h, 0, sizeof(*h));
			h->header = xstrdup(s);
			if (parse_hunk_header(s, h) != 0) {
				snprintf(err, errlen, "line %u: malformed hunk header '%s'", r.number, s);
				free(s);
				patch_free(out);
				return -1;
			}
			if (read_hunk_body(&r, h, err, errlen) != 0) {
				free(s);
				patch_free(out);
				return -1;
			}
		}
		/* anything else (mail headers, commit message, diffstat) is not diff */
		free(s);
	}
	if (!out->nfiles) {
		snprintf(err, errlen, "no file in it (not a unified diff?)");
		return -1;
	}
	for (size_t i = 0; i < out->nfiles; i++) {
		struct diff_file *f = &out->files[i];

		if (f->raw_old_prefixed && f->raw_new_prefixed && f->raw_old && f->raw_new &&
		    (starts(f->raw_old, "a/") || strcmp(f->raw_old, "/dev/null") == 0) &&
		    (starts(f->raw_new, "b/") || strcmp(f->raw_new, "/dev/null") == 0))
			out->git_style = 1;
	}
	return 0;
}

static char *strip_path(const char *raw, int prefixed, int strip)
{
	const char *p = raw;

	if (!raw || strcmp(raw, "/dev/null") == 0)
		return NULL;
	if (!prefixed)
		return xstrdup(raw);
	for (int k = 0; k < strip; k++) {
		const char *slash = strchr(p, '/');

		if (!slash)
			return NULL;
		p = slash + 1;
		while (*p == '/')
			p++;
	}
	return *p ? xstrdup(p) : NULL;
}

int patch_strip(struct patch *p, int strip, char *err, size_t errlen)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		struct diff_file *f = &p->files[i];

		free(f->old_path);
		free(f->new_path);
		f->old_path = strip_path(f->raw_old, f->raw_old_prefixed, strip);
		f->new_path = strip_path(f->raw_new, f->raw_new_prefixed, strip);
		if ((!f->old_path && f->raw_old && strcmp(f->raw_old, "/dev/null") != 0) ||
		    (!f->new_path && f->raw_new && strcmp(f->raw_new, "/dev/null") != 0)) {
			snprintf(err, errlen, "cannot strip %d leading components from '%s'", strip,
				 f->old_path ? f->raw_new : f->raw_old);
			return -1;
		}
	}
	return 0;
}

void patch_free(struct patch *p)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		struct diff_file *f = &p->files[i];

		for (size_t h = 0; h < f->nhunks; h++) {
			for (size_t l = 0; l < f->hunks[h].nlines; l++)
				free(f->hunks[h].lines[l].text);
			free(f->hunks[h].lines);
			free(f->hunks[h].header);
		}
		for (size_t h = 0; h < f->nheader; h++)
			free(f->header[h]);
		free(f->header);
		free(f->hunks);
		free(f->old_path);
		free(f->new_path);
		free(f->raw_old);
		free(f->raw_new);
	}
	free(p->files);
	memset(p, 0, sizeof(*p));
}

int diff_file_line_changed(const struct diff_file *f, unsigned n)
{
	for (size_t h = 0; h < f->nhunks; h++)
		for (size_t l = 0; l < f->hunks[h].nlines; l++)
			if (f->hunks[h].lines[l].kind == '+' && f->hunks[h].lines[l].new_line == n)
				return 1;
	return 0;
}

unsigned diff_file_old_line(const struct diff_file *f, unsigned n)
{
	long delta = 0;

	for (size_t h = 0; h < f->nhunks; h++) {
		const struct diff_hunk *hk = &f->hunks[h];
		/* a count of 0 means the start names the line before the hunk */
		unsigned new_first = hk->new_count ? hk->new_start : hk->new_start + 1;
		unsigned old_first = hk->old_count ? hk->old_start : hk->old_start + 1;

		if (n < new_first)
			break;
		if (n < new_first + hk->new_count) {
			for (size_t l = 0; l < hk->nlines; l++)
				if (hk->lines[l].kind != '-' && hk->lines[l].new_line == n)
					return hk->lines[l].kind == ' ' ? hk->lines[l].old_line : 0;
			return 0;
		}
		delta = (long)(old_first + hk->old_count) - (long)(new_first + hk->new_count);
	}
	return (unsigned)((long)n + delta);
}
