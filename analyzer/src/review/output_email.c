/* --format=email: quoted hunks or source lines with findings under them (see output_email.h). */
#include "output_email.h"

#include "source_text.h"
#include "string_list.h"

#include <stdlib.h>
#include <string.h>

#define EMAIL_WIDTH 72

/* Words of text, wrapped at EMAIL_WIDTH: the first line after first, the rest after rest. */
static void wrap(FILE *out, const char *first, const char *rest, const char *text)
{
	const char *indent = first;
	size_t col = 0;
	int empty = 1;

	while (*text) {
		const char *w = text;
		size_t n;

		while (*w == ' ')
			w++;
		if (!*w)
			break;
		n = strcspn(w, " ");
		if (!empty && col + 1 + n > EMAIL_WIDTH) {
			fputc('\n', out);
			indent = rest;
			empty = 1;
		}
		if (empty) {
			fputs(indent, out);
			col = strlen(indent);
		} else {
			fputc(' ', out);
			col++;
		}
		fwrite(w, 1, n, out);
		col += n;
		empty = 0;
		text = w + n;
	}
	fputc('\n', out);
}

/* A source line with its indentation and trailing blanks dropped (owned). */
static char *trimmed(const char *line)
{
	size_t n;

	while (*line == ' ' || *line == '\t')
		line++;
	n = strlen(line);
	while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	return xstrndup(line, n);
}

/* The finding as a plain-text comment; show_line: also print its source line. */
static void comment(FILE *out, const char *display, const struct finding *f,
		    const struct source_text *src, int show_line)
{
	char *head = xasprintf("gendisk-lint: %s: %s [%s]", f->severity, f->message, f->rule_id);

	wrap(out, "", "  ", head);
	free(head);
	if (show_line) {
		char *t = trimmed(source_line(src, f->loc.line));

		if (*f->function)
			fprintf(out, "  at %s:%u, in %s():\n        %s\n", display, f->loc.line,
				f->function, t);
		else
			fprintf(out, "  at %s:%u:\n        %s\n", display, f->loc.line, t);
		free(t);
	}
	for (unsigned j = 0; j < f->nnotes; j++) {
		char *t = trimmed(source_line(src, f->notes[j].loc.line));
		char *note = xasprintf("note: %s:%u: %s:", display, f->notes[j].loc.line,
				       f->notes[j].message);

		wrap(out, "  ", "    ", note);
		if (*t)
			fprintf(out, "        %s\n", t);
		free(note);
		free(t);
	}
	fputc('\n', out);
}

/* Without a patch: a few source lines before each finding, then the finding. */
static void quote_source(FILE *out, const char *display, const struct finding_list *fl,
			 const struct source_text *src)
{
	unsigned quoted = 0; /* last line quoted */

	fprintf(out, "In %s:\n\n", display);
	for (size_t k = 0; k < fl->len; k++) {
		const struct finding *f = &fl->items[k];
		unsigned from = f->loc.line > 3 ? f->loc.line - 3 : 1;

		if (from <= quoted)
			from = quoted + 1;
		else if (quoted)
			fputs("[...]\n\n", out);
		for (unsigned l = from; l <= f->loc.line; l++) {
			const char *text = source_line(src, l);

			fprintf(out, *text ? "> %s\n" : ">%s\n", text);
		}
		if (from <= f->loc.line)
			fputc('\n', out);
		if (f->loc.line > quoted)
			quoted = f->loc.line;
		comment(out, display, f, src, 0);
	}
}

struct anchor {
	long hunk, line;     /* -1: none */
	int primary;         /* the finding's own line is the quoted one */
};

static int in_function(const struct file_result *r, unsigned a, unsigned b)
{
	for (size_t i = 0; i < r->nfunctions; i++) {
		const struct function_extent *fn = &r->functions[i];

		if (fn->first_line <= a && a <= fn->last_line)
			return fn->first_line <= b && b <= fn->last_line;
	}
	return 1; /* not in a function: any hunk will do */
}

/* The hunk line a finding is written under (see output_email.h). */
static struct anchor find_anchor(const struct diff_file *d, const struct finding *f,
				 const struct file_result *r)
{
	struct anchor a = { -1, -1, 0 };
	unsigned best = 0;

	for (size_t h = 0; h < d->nhunks; h++)
		for (size_t l = 0; l < d->hunks[h].nlines; l++) {
			const struct diff_line *dl = &d->hunks[h].lines[l];

			if (dl->kind != '-' && dl->new_line == f->loc.line)
				return (struct anchor){ (long)h, (long)l, 1 };
		}
	for (int pass = 0; pass < 2; pass++) /* added lines first, then context */
		for (unsigned j = 0; j < f->nnotes; j++)
			for (size_t h = 0; h < d->nhunks; h++)
				for (size_t l = 0; l < d->hunks[h].nlines; l++) {
					const struct diff_line *dl = &d->hunks[h].lines[l];

					if (dl->kind == (pass ? ' ' : '+') &&
					    dl->new_line == f->notes[j].loc.line)
						return (struct anchor){ (long)h, (long)l, 0 };
				}
	/*
	 * The change nearest to it in its function (e.g. a removed put_disk()),
	 * else in the file (a changed helper whose summary made the caller leak).
	 */
	for (int anywhere = 0; anywhere < 2 && a.hunk < 0; anywhere++)
		for (size_t h = 0; h < d->nhunks; h++)
			for (size_t l = 0; l < d->hunks[h].nlines; l++) {
				const struct diff_line *dl = &d->hunks[h].lines[l];
				unsigned at = dl->kind == '-' && dl->new_line > 1 ? dl->new_line - 1
										 : dl->new_line;
				unsigned dist = at > f->loc.line ? at - f->loc.line
								 : f->loc.line - at;

				if (dl->kind == ' ' || (!anywhere && !in_function(r, f->loc.line, at)))
					continue;
				if (a.hunk < 0 || dist <= best) {
					a.hunk = (long)h;
					a.line = (long)l;
					best = dist;
				}
			}
	return a;
}

static void quote_patch(FILE *out, const char *display, const struct file_result *r,
			const struct diff_file *d, const struct source_text *src)
{
	const struct finding_list *fl = &r->findings;
	struct anchor *anchors = xcalloc(fl->len ? fl->len : 1, sizeof(*anchors));
	int any_unanchored = 0;

	for (size_t k = 0; k < fl->len; k++) {
		anchors[k] = find_anchor(d, &fl->items[k], r);
		any_unanchored |= anchors[k].hunk < 0;
	}
	for (size_t h = 0; h < d->nheader; h++) /* blob ids say nothing to a reader */
		if (strncmp(d->header[h], "index ", 6) != 0)
			fprintf(out, "> %s\n", d->header[h]);
	for (size_t h = 0; h < d->nhunks; h++) {
		const struct diff_hunk *hk = &d->hunks[h];
		long last = -1;

		for (size_t k = 0; k < fl->len; k++)
			if (anchors[k].hunk == (long)h && anchors[k].line > last)
				last = anchors[k].line;
		if (last < 0)
			continue;
		fprintf(out, "> %s\n", hk->header);
		for (long l = 0; l <= last; l++) {
			int first = 1;

			fprintf(out, "> %c%s\n", hk->lines[l].kind, hk->lines[l].text);
			for (size_t k = 0; k < fl->len; k++) {
				if (anchors[k].hunk != (long)h || anchors[k].line != l)
					continue;
				if (first)
					fputc('\n', out);
				first = 0;
				comment(out, display, &fl->items[k], src, !anchors[k].primary);
			}
		}
		if (last + 1 < (long)hk->nlines)
			fputs("[...]\n\n", out);
	}
	if (any_unanchored) {
		struct finding_list rest = { 0 };

		rest.items = xcalloc(fl->len, sizeof(*rest.items));
		for (size_t k = 0; k < fl->len; k++)
			if (anchors[k].hunk < 0)
				rest.items[rest.len++] = fl->items[k];
		quote_source(out, display, &rest, src);
		free(rest.items); /* the findings themselves belong to fl */
	}
	free(anchors);
}

void output_email(FILE *out, const struct output_file *files, size_t n,
		  const struct file_job *jobs, const struct patch_review *rv)
{
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = files[i].result;
		const struct review_file *rf = rv ? patch_review_find(rv, jobs[i].display) : NULL;
		struct source_text src;

		if (!r->findings.len)
			continue;
		if (jobs[i].contents)
			source_text_from_buffer(jobs[i].contents, jobs[i].contents_len, &src);
		else
			source_text_load(jobs[i].path, &src);
		if (rf)
			quote_patch(out, files[i].display, r, rf->diff, &src);
		else
			quote_source(out, files[i].display, &r->findings, &src);
		source_text_free(&src);
	}
}
