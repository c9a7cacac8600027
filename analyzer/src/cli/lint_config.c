/* Parsing a .gendisk-lint file: "key = value" lines, '#' comments. */
#include "lint_config.h"

#include "exclude_globs.h"
#include "kernel_version.h"
#include "rules.h"

#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char known_keys[] =
	"rules, disable, exclude, kernel, min-confidence, kdir, fail-on-degraded, module-build";

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	/* started on the line above; the analyzer loses it when run over all sources */
	vsnprintf(err, errlen, fmt, ap); /* NOLINT(clang-analyzer-valist.Uninitialized) */
	va_end(ap);
	return -1;
}

static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' || end[-1] == '\n'))
		*--end = '\0';
	return s;
}

/* Splits VALUE at commas and blanks into LIST; returns how many items. */
static size_t split_list(char *value, struct string_list *list)
{
	size_t n = 0;

	for (char *tok = strtok(value, ", \t"); tok; tok = strtok(NULL, ", \t")) {
		string_list_push(list, tok);
		n++;
	}
	return n;
}

struct line_ctx {
	const char *path;
	unsigned line;
	char *err;
	size_t errlen;
};

static int check_rule_ids(const struct line_ctx *c, const struct string_list *list, size_t from,
			  const char *key)
{
	for (size_t i = from; i < list->len; i++)
		if (rule_index(list->items[i]) < 0)
			return fail(c->err, c->errlen,
				    "%s:%u: %s: unknown rule '%s' (see gendisk-lint --list-rules)",
				    c->path, c->line, key, list->items[i]);
	return 0;
}

static int set_kdir(const struct line_ctx *c, struct lint_config *cfg, const char *value)
{
	struct stat st;

	cfg->kdir = value[0] == '/' ? xstrdup(value) : xasprintf("%s/%s", cfg->dir, value);
	if (stat(cfg->kdir, &st) != 0)
		return fail(c->err, c->errlen, "%s:%u: kdir '%s': %s", c->path, c->line, value,
			    strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return fail(c->err, c->errlen, "%s:%u: kdir '%s' is not a directory", c->path,
			    c->line, value);
	return 0;
}

/* rules, disable, exclude: lists, repeatable */
static int set_list_key(const struct line_ctx *c, struct lint_config *cfg, const char *key,
			char *value)
{
	size_t from;

	if (!strcmp(key, "rules") || !strcmp(key, "disable")) {
		struct string_list *list = key[0] == 'r' ? &cfg->rules : &cfg->disable;

		from = list->len;
		if (!split_list(value, list))
			return fail(c->err, c->errlen, "%s:%u: '%s' has no value", c->path, c->line, key);
		cfg->has_rules |= key[0] == 'r';
		return check_rule_ids(c, list, from, key);
	}
	from = cfg->exclude.len;
	if (!split_list(value, &cfg->exclude))
		return fail(c->err, c->errlen, "%s:%u: '%s' has no value", c->path, c->line, key);
	for (size_t i = from; i < cfg->exclude.len; i++) {
		const char *why;

		if (exclude_glob_check(cfg->exclude.items[i], &why) != 0)
			return fail(c->err, c->errlen, "%s:%u: exclude '%s': %s", c->path, c->line,
				    cfg->exclude.items[i], why);
	}
	return 0;
}

/* yes / no (also true / false, 1 / 0) */
static int set_yes_no(const struct line_ctx *c, const char *key, const char *value, int *out)
{
	if (!strcmp(value, "yes") || !strcmp(value, "true") || !strcmp(value, "1"))
		*out = 1;
	else if (!strcmp(value, "no") || !strcmp(value, "false") || !strcmp(value, "0"))
		*out = 0;
	else
		return fail(c->err, c->errlen, "%s:%u: %s: '%s' is not yes or no", c->path, c->line,
			    key, value);
	return 0;
}

/* kernel, min-confidence, kdir, fail-on-degraded, module-build: once each (a second one is a mistake, not an override) */
static int set_single_key(const struct line_ctx *c, struct lint_config *cfg, const char *key,
			  const char *value, unsigned *seen_line)
{
	if (*seen_line)
		return fail(c->err, c->errlen, "%s:%u: '%s' given twice (first on line %u)", c->path,
			    c->line, key, *seen_line);
	*seen_line = c->line;
	if (!strcmp(key, "fail-on-degraded"))
		return set_yes_no(c, key, value, &cfg->fail_on_degraded);
	if (!strcmp(key, "module-build")) {
		int yes = 1, rc = set_yes_no(c, key, value, &yes);

		cfg->no_module_build = !yes;
		return rc;
	}
	if (!strcmp(key, "kernel")) {
		cfg->kernel = kernel_version_parse(value);
		if (!cfg->kernel)
			return fail(c->err, c->errlen, "%s:%u: kernel: '%s' is not a version like 6.12",
				    c->path, c->line, value);
		return 0;
	}
	if (!strcmp(key, "min-confidence")) {
		cfg->min_confidence = !strcmp(value, "low")      ? 0
				      : !strcmp(value, "medium") ? 1
				      : !strcmp(value, "high")   ? 2
								 : -1;
		if (cfg->min_confidence < 0)
			return fail(c->err, c->errlen,
				    "%s:%u: min-confidence: '%s' is not low, medium or high", c->path,
				    c->line, value);
		return 0;
	}
	return set_kdir(c, cfg, value);
}

static int parse_line(const struct line_ctx *c, struct lint_config *cfg, char *line,
		      unsigned seen[5])
{
	char *hash = strchr(line, '#');
	char *eq, *key, *value;

	if (hash)
		*hash = '\0';
	line = trim(line);
	if (!*line)
		return 0;
	if (*line == '[')
		return fail(c->err, c->errlen, "%s:%u: sections are not supported (key = value lines)",
			    c->path, c->line);
	eq = strchr(line, '=');
	if (!eq)
		return fail(c->err, c->errlen, "%s:%u: expected 'key = value'", c->path, c->line);
	*eq = '\0';
	key = trim(line);
	value = trim(eq + 1);
	if (!*key)
		return fail(c->err, c->errlen, "%s:%u: expected 'key = value'", c->path, c->line);
	if (!*value)
		return fail(c->err, c->errlen, "%s:%u: '%s' has no value", c->path, c->line, key);
	if (!strcmp(key, "rules") || !strcmp(key, "disable") || !strcmp(key, "exclude"))
		return set_list_key(c, cfg, key, value);
	if (!strcmp(key, "kernel"))
		return set_single_key(c, cfg, key, value, &seen[0]);
	if (!strcmp(key, "min-confidence"))
		return set_single_key(c, cfg, key, value, &seen[1]);
	if (!strcmp(key, "kdir"))
		return set_single_key(c, cfg, key, value, &seen[2]);
	if (!strcmp(key, "fail-on-degraded"))
		return set_single_key(c, cfg, key, value, &seen[3]);
	if (!strcmp(key, "module-build"))
		return set_single_key(c, cfg, key, value, &seen[4]);
	return fail(c->err, c->errlen, "%s:%u: unknown key '%s' (known: %s)", c->path, c->line, key,
		    known_keys);
}

static char *absolute_dir_of(const char *path)
{
	char *copy = xstrdup(path);
	char *real = realpath(dirname(copy), NULL);

	free(copy);
	return real ? real : xstrdup(".");
}

int lint_config_load(const char *path, struct lint_config *cfg, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	struct line_ctx c = { path, 0, err, errlen };
	unsigned seen[5] = { 0, 0, 0, 0, 0 };
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;

	cfg->min_confidence = -1;
	if (!f)
		return fail(err, errlen, "%s: cannot read the config: %s", path, strerror(errno));
	cfg->path = xstrdup(path);
	cfg->dir = absolute_dir_of(path);
	while (rc == 0 && getline(&line, &cap, f) >= 0) {
		c.line++;
		rc = parse_line(&c, cfg, line, seen);
	}
	if (rc == 0 && ferror(f))
		rc = fail(err, errlen, "%s: cannot read the config: %s", path, strerror(errno));
	free(line);
	fclose(f);
	return rc;
}

void lint_config_free(struct lint_config *cfg)
{
	free(cfg->path);
	free(cfg->dir);
	free(cfg->kdir);
	string_list_free(&cfg->rules);
	string_list_free(&cfg->disable);
	string_list_free(&cfg->exclude);
	cfg->path = cfg->dir = cfg->kdir = NULL;
}
