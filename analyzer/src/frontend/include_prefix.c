/* Does a file fit the header cache: nothing before its includes that could change them? */
#include "include_prefix.h"

#include "local_headers.h"
#include "read_file.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum directive_kind {
	D_ANGLE_INCLUDE,
	D_QUOTED_INCLUDE,
	D_HARMLESS_DEFINE,
	D_IFNDEF,  /* a possible include guard */
	D_DEFINE,  /* an object-like name without a value: the guard's define */
	D_ENDIF,
	D_PRAGMA_ONCE,
	D_OTHER,
};

struct directive {
	enum directive_kind kind;
	const char *name;   /* the header of an include, the name of #ifndef/#define */
	size_t name_len;
	const char *macro;  /* the name any #define or #undef is of */
	size_t macro_len;
	int undef;          /* it is an #undef */
};

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static int word_is(const char *p, const char *w)
{
	size_t n = strlen(w);

	return strncmp(p, w, n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_';
}

static size_t ident_len(const char *p)
{
	size_t n = 0;

	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

/* Only blanks (or a comment opener) up to the end of the line? */
static int rest_is_blank(const char *p)
{
	p = skip_blanks(p);
	return *p == '\0' || *p == '\n' || *p == '\r' || (p[0] == '/' && (p[1] == '*' || p[1] == '/'));
}

/* p is just past the '#' of a directive. */
static struct directive classify(const char *p)
{
	struct directive d = { D_OTHER, NULL, 0, NULL, 0, 0 };

	p = skip_blanks(p);
	if (word_is(p, "include")) {
		p = skip_blanks(p + 7);
		if (*p == '<' || *p == '"') {
			const char *end = strchr(p + 1, *p == '<' ? '>' : '"');
			const char *nl = strchr(p, '\n');

			if (end && (!nl || end < nl)) {
				d.kind = *p == '<' ? D_ANGLE_INCLUDE : D_QUOTED_INCLUDE;
				d.name = p + 1;
				d.name_len = (size_t)(end - p - 1);
			}
		}
	} else if (word_is(p, "define")) {
		p = skip_blanks(p + 6);
		d.macro = p;
		d.macro_len = ident_len(p);
		if (word_is(p, "pr_fmt") || word_is(p, "dev_fmt") ||
		    strncmp(p, "pr_fmt(", 7) == 0 || strncmp(p, "dev_fmt(", 8) == 0) {
			d.kind = D_HARMLESS_DEFINE;
		} else if (ident_len(p) && rest_is_blank(p + ident_len(p))) {
			d.kind = D_DEFINE;
			d.name = p;
			d.name_len = ident_len(p);
		}
	} else if (word_is(p, "undef")) {
		p = skip_blanks(p + 5);
		d.macro = p;
		d.macro_len = ident_len(p);
		d.undef = 1;
		if (word_is(p, "pr_fmt") || word_is(p, "dev_fmt"))
			d.kind = D_HARMLESS_DEFINE; /* before a new definition of its own */
	} else if (word_is(p, "ifndef")) {
		p = skip_blanks(p + 6);
		if (ident_len(p) && rest_is_blank(p + ident_len(p))) {
			d.kind = D_IFNDEF;
			d.name = p;
			d.name_len = ident_len(p);
		}
	} else if (word_is(p, "endif")) {
		d.kind = D_ENDIF;
	} else if (word_is(p, "pragma") && word_is(skip_blanks(p + 6), "once")) {
		d.kind = D_PRAGMA_ONCE;
	}
	return d;
}

/* The index of the cached header d includes, or -1. */
static int cached_index(const struct directive *d, const char *const *headers)
{
	for (int i = 0; headers[i]; i++)
		if (strlen(headers[i]) == d->name_len && strncmp(headers[i], d->name, d->name_len) == 0)
			return i;
	return -1;
}

struct scan_state {
	const struct include_context *ctx;
	const char *const *headers;
	struct string_list seen; /* local headers already read (real paths) */
	int fits;                /* a cached include with nothing harmful before it */
	int any_cached;          /* some cached header is included */
	unsigned first_other;    /* the main file's line of the first harmful directive */
	unsigned long included;  /* bit i: headers[i] was included already (guards make
				  * its later includes no-ops) */
	/* #define/#undef before any harmful directive, not judged yet: the
	 * cached headers' names are looked up only when a cached include
	 * follows (or, at the end, for the line a plain parse reports) */
	struct pending_macro {
		char *name;
		unsigned line;
		int undef_safe; /* an #undef of a name nothing could have defined yet */
	} *pending;
	size_t npending, cap_pending;
	int uncached_angle;       /* an #include <...> of another header came first */
	struct string_list defined; /* names #defined so far */
};

/* One directive of the file being scanned, at p (past the '#'). */
struct cursor {
	const char *path;
	unsigned main_line; /* of the include that led here, 0 in the main file */
	int depth;
};

static void scan_text(struct scan_state *st, const char *text, const struct cursor *at);

static void note_other(struct scan_state *st, unsigned line)
{
	if (!st->first_other)
		st->first_other = line;
}

/* A quoted include: read the local header's directives as if they stood here. */
static void quoted_include(struct scan_state *st, const struct directive *d,
			   const struct cursor *at, unsigned line)
{
	char *name = xstrndup(d->name, d->name_len);
	char *header = local_header_resolve(at->path, st->ctx->path, name, st->ctx->flags,
					    st->ctx->extra);
	char *real = header ? realpath(header, NULL) : NULL;
	char *text = NULL;

	free(name);
	if (!real || at->depth >= 16) {
		note_other(st, line); /* not found (or absurdly deep): it may define anything */
	} else if (!string_list_contains(&st->seen, real)) {
		string_list_push(&st->seen, real);
		text = read_file(header, NULL);
		if (text) {
			struct cursor inner = { header, line, at->depth + 1 };

			scan_text(st, text, &inner);
		} else {
			note_other(st, line);
		}
	}
	free(text);
	free(real);
	free(header);
}

/* Where the last directive of text starts (its '#'), or NULL. */
static const char *last_directive(const char *text)
{
	const char *last = NULL;
	int line_start = 1;

	for (const char *p = text; *p; p++) {
		if (*p == '\n')
			line_start = 1;
		else if (*p == '#' && line_start)
			last = p, line_start = 0;
		else if (*p != ' ' && *p != '\t')
			line_start = 0;
	}
	return last;
}

/* Is name defined on the command line, or possibly by the compiler itself
 * (reserved names, and GNU mode's linux and unix)? */
static int maybe_predefined(const struct include_context *ctx, const char *name)
{
	const struct string_list *lists[2] = { ctx->flags, ctx->extra };
	size_t n = strlen(name);

	if (name[0] == '_' || !strcmp(name, "linux") || !strcmp(name, "unix") ||
	    !strcmp(name, "i386") || !strncmp(name, "KBUILD_", 7))
		return 1;
	for (int l = 0; l < 2; l++) {
		for (size_t i = 0; lists[l] && i < lists[l]->len; i++) {
			const char *f = lists[l]->items[i];

			if (!f)
				continue;
			if (!strcmp(f, "-D") && i + 1 < lists[l]->len && lists[l]->items[i + 1])
				f = lists[l]->items[++i];
			else if (!strncmp(f, "-D", 2))
				f += 2;
			else
				continue;
			if (!strncmp(f, name, n) && (f[n] == '\0' || f[n] == '=' || f[n] == '('))
				return 1;
		}
	}
	return 0;
}

/* A #define or #undef before anything harmful: harmless if none of the
 * cached headers mentions its name, and an #undef also if none of them
 * defines it and nothing before it could have; decided when it matters
 * (resolve_pending).  Without a way to tell, harmful now. */
static void macro_directive(struct scan_state *st, const struct directive *d, unsigned line)
{
	struct pending_macro *pm;
	char *name;

	if (st->first_other || !d->macro || !d->macro_len || !st->ctx->name_use) {
		note_other(st, line);
		return;
	}
	name = xstrndup(d->macro, d->macro_len);
	if (st->npending == st->cap_pending) {
		st->cap_pending = st->cap_pending ? st->cap_pending * 2 : 8;
		st->pending = xrealloc(st->pending, st->cap_pending * sizeof(*st->pending));
	}
	pm = &st->pending[st->npending++];
	pm->name = name;
	pm->line = line;
	pm->undef_safe = d->undef && !st->uncached_angle &&
			 !string_list_contains(&st->defined, name) &&
			 !maybe_predefined(st->ctx, name);
	if (!d->undef)
		string_list_push(&st->defined, name);
}

/* The first pending macro that may change the cached headers is the first
 * harmful directive (all of them come before any other harmful one). */
static void resolve_pending(struct scan_state *st)
{
	for (size_t i = 0; i < st->npending; i++) {
		const struct pending_macro *pm = &st->pending[i];
		int use = st->ctx->name_use(st->ctx, pm->name, strlen(pm->name));

		if (use != 0 && !(use > 0 && pm->undef_safe && !(use & INCLUDE_NAME_DEFINED))) {
			if (!st->first_other || pm->line < st->first_other)
				st->first_other = pm->line;
			break;
		}
	}
	for (size_t i = 0; i < st->npending; i++)
		free(st->pending[i].name);
	st->npending = 0;
}

static void scan_text(struct scan_state *st, const char *text, const struct cursor *at)
{
	int at_line_start = 1, ndirectives = 0;
	unsigned lineno = 1;
	const char *p = text, *guard_endif = NULL;
	struct directive guard = { D_OTHER, NULL, 0, NULL, 0, 0 };

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");

			if (!end)
				break;
			for (; p < end; p++)
				lineno += *p == '\n';
			p = end + 2;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		if (*p == '\n') {
			at_line_start = 1;
			lineno++;
			p++;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f') {
			p++;
			continue;
		}
		if (*p == '#' && at_line_start) {
			struct directive d = classify(p + 1);
			unsigned line = at->main_line ? at->main_line : lineno;

			ndirectives++;
			if (at->depth && ndirectives == 2 && guard.name &&
			    !(d.kind == D_DEFINE && d.name_len == guard.name_len &&
			      strncmp(d.name, guard.name, d.name_len) == 0 &&
			      strncmp(d.name, "_LINUX_", 7) != 0 && strncmp(d.name, "__LINUX_", 8) != 0)) {
				guard.name = NULL; /* the #ifndef was no include guard */
				note_other(st, line);
			}
			if (at->depth && ndirectives == 1 && d.kind == D_IFNDEF) {
				guard = d; /* an include guard if a #define of it follows */
				guard_endif = last_directive(p + 1);
			} else if (at->depth && ndirectives == 2 && guard.name) {
				/* the guard's #define: harmless */
				string_list_push_owned(&st->defined,
						       xstrndup(guard.name, guard.name_len));
			} else if (d.kind == D_ENDIF && guard.name && p == guard_endif) {
				/* the guard's #endif, the header's last directive */
			} else if (d.kind == D_PRAGMA_ONCE && at->depth) {
				/* harmless */
			} else if (d.kind == D_ANGLE_INCLUDE) {
				int h = cached_index(&d, st->headers);

				if (h < 0)
					st->uncached_angle = 1;
				if (h >= 0 && h < 64 && !(st->included & (1UL << h))) {
					if (st->npending && !st->first_other)
						resolve_pending(st);
					st->included |= 1UL << h;
					st->any_cached = 1;
					st->fits = !st->first_other;
				}
			} else if (d.kind == D_QUOTED_INCLUDE) {
				quoted_include(st, &d, at, line);
			} else if (d.kind != D_HARMLESS_DEFINE && d.macro) {
				macro_directive(st, &d, line);
			} else if (d.kind != D_HARMLESS_DEFINE) {
				note_other(st, line);
			}
			/* to the end of the directive, continuation lines included */
			for (; *p && !(*p == '\n' && p[-1] != '\\'); p++)
				lineno += *p == '\n';
			continue;
		}
		/* Code: harmless for the headers before it; a string or char
		 * literal could hide a comment opener, so skip it whole. */
		at_line_start = 0;
		if (*p == '"' || *p == '\'') {
			char q = *p++;

			while (*p && *p != q && *p != '\n')
				p += (*p == '\\' && p[1]) ? 2 : 1;
			if (*p == q)
				p++;
			continue;
		}
		p++;
	}
	if (at->depth && ndirectives == 1 && guard.name)
		note_other(st, at->main_line); /* a lone #ifndef */
}

int include_prefix_fits(const char *text, const struct include_context *ctx,
			const char *const *headers, unsigned *line)
{
	struct scan_state st = { ctx, headers, { 0 }, 0, 0, 0, 0, NULL, 0, 0, 0, { 0 } };
	struct cursor main_file = { ctx->path, 0, 0 };

	scan_text(&st, text, &main_file);
	/* macros before a harmful directive that kept a cached include out:
	 * the line to report may be one of theirs */
	if (!st.fits && st.any_cached && st.npending)
		resolve_pending(&st);
	for (size_t i = 0; i < st.npending; i++)
		free(st.pending[i].name);
	free(st.pending);
	string_list_free(&st.defined);
	string_list_free(&st.seen);
	*line = st.fits || !st.any_cached ? 0 : st.first_other;
	return st.fits;
}
