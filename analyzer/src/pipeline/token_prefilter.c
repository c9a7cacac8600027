/* Token prefilter: a file in which no enabled rule's trigger token occurs is not parsed. */
#include "token_prefilter.h"

#include "local_headers.h"
#include "read_file.h"
#include "rules.h"

#include <stdlib.h>
#include <string.h>

int token_prefilter_tokens(const unsigned char *rule_enabled, struct string_list *out)
{
	for (size_t i = 0; i < rules_count(); i++) {
		const struct rule *r = rule_at(i);

		if (!rule_enabled[i])
			continue;
		if (!r->tokens)
			return 0;
		r->tokens(out);
	}
	return 1;
}

static int has_token(const char *text, const struct string_list *tokens)
{
	for (size_t i = 0; i < tokens->len; i++)
		if (strstr(text, tokens->items[i]))
			return 1;
	return 0;
}

struct scan {
	const char *main_file;
	const struct string_list *flags, *extra, *tokens;
	struct string_list seen; /* real paths of the headers read */
};

/* 1 when a token occurs in text or a local header it includes (depth-first). */
static int scan_text(struct scan *s, const char *path, const char *text, int depth)
{
	const char *pos = text;
	char *name;

	if (has_token(text, s->tokens))
		return 1;
	if (depth > 32)
		return 0;
	while ((name = local_header_next_include(&pos)) != NULL) {
		char *header = local_header_resolve(path, s->main_file, name, s->flags, s->extra);
		char *real = header ? realpath(header, NULL) : NULL;
		char *htext = NULL;
		int hit = 0;

		free(name);
		if (real && !string_list_contains(&s->seen, real)) {
			string_list_push(&s->seen, real);
			htext = read_file(header, NULL);
			/* an unreadable header: the parse would not see it either */
			hit = htext && scan_text(s, header, htext, depth + 1);
		}
		free(htext);
		free(real);
		free(header);
		if (hit)
			return 1;
	}
	return 0;
}

int token_prefilter_hit(const char *path, const char *text, const struct string_list *flags,
			const struct string_list *extra, const struct string_list *tokens)
{
	struct scan s = { path, flags, extra, tokens, { 0 } };
	int hit = scan_text(&s, path, text, 0);

	string_list_free(&s.seen);
	return hit;
}
