/* Finding the .gendisk-lint of a run and applying it. */
#include "config_lookup.h"

#include "exclude_globs.h"
#include "rules.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int exists(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", strcmp(dir, "/") ? dir : "", name);
	struct stat st;
	int rc = lstat(p, &st) == 0;

	free(p);
	return rc;
}

/* The config path found walking up from INPUT (a file or a directory), or NULL. */
static char *find_config(const char *input)
{
	char *dir = realpath(input, NULL);
	struct stat st;

	if (!dir)
		return NULL; /* a missing input is reported when it is expanded */
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		char *parent = xstrdup(dirname(dir));

		free(dir);
		dir = parent;
	}
	for (;;) {
		char *parent;

		if (exists(dir, LINT_CONFIG_NAME)) {
			char *found = xasprintf("%s/%s", strcmp(dir, "/") ? dir : "",
						LINT_CONFIG_NAME);

			free(dir);
			return found;
		}
		if (exists(dir, ".git") || strcmp(dir, "/") == 0)
			break;
		parent = xstrdup(dirname(dir));
		free(dir);
		dir = parent;
	}
	free(dir);
	return NULL;
}

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

int config_for_run(const struct config_choice *choice, const struct string_list *inputs,
		   const char *compdb, struct lint_config *cfg, char *err, size_t errlen)
{
	char *found = NULL, *compdb_dir = NULL;
	const char *first_input = NULL;
	int rc = 0;

	cfg->min_confidence = -1;
	if (choice->disabled)
		return 0;
	if (choice->explicit_path)
		return lint_config_load(choice->explicit_path, cfg, err, errlen);
	if (!inputs->len && compdb) {
		char *copy = xstrdup(compdb);

		compdb_dir = xstrdup(dirname(copy));
		free(copy);
		found = find_config(compdb_dir);
		first_input = compdb;
	}
	for (size_t i = 0; i < inputs->len; i++) {
		struct stat st;
		char *here;

		if (stat(inputs->items[i], &st) != 0)
			continue; /* reported when the inputs are expanded */
		here = find_config(inputs->items[i]);
		if (!first_input) {
			found = here;
			first_input = inputs->items[i];
			continue;
		}
		if (!same(found, here)) {
			snprintf(err, errlen,
				 "inputs under different configurations: '%s' uses %s, '%s' uses %s "
				 "(analyse them in separate runs, or choose with --config FILE or "
				 "--no-config)",
				 first_input, found ? found : "none", inputs->items[i],
				 here ? here : "none");
			free(here);
			rc = -1;
			break;
		}
		free(here);
	}
	if (rc == 0 && found)
		rc = lint_config_load(found, cfg, err, errlen);
	free(found);
	free(compdb_dir);
	return rc;
}

static int confidence_rank(const char *c)
{
	return !strcmp(c, "low") ? 0 : !strcmp(c, "medium") ? 1 : 2;
}

void config_apply_rules(const struct lint_config *cfg, unsigned char *rule_enabled,
			int cli_gave_rules, int cli_gave_min_confidence)
{
	for (size_t r = 0; r < rules_count(); r++) {
		const struct rule *rule = rule_at(r);

		if (!cli_gave_rules && cfg->has_rules && !string_list_contains(&cfg->rules, rule->id))
			rule_enabled[r] = 0;
		if (!cli_gave_rules && string_list_contains(&cfg->disable, rule->id))
			rule_enabled[r] = 0;
		if (!cli_gave_rules && !cli_gave_min_confidence && cfg->min_confidence > 0 &&
		    confidence_rank(rule->confidence) < cfg->min_confidence)
			rule_enabled[r] = 0;
	}
}

/* FILE relative to DIR ('/'-separated), or NULL if it is not below DIR. */
static char *relative_to(const char *dir, const char *file)
{
	char *real = realpath(file, NULL);
	size_t n = strlen(dir);
	char *rel = NULL;

	if (!real)
		return NULL;
	if (strcmp(dir, "/") == 0)
		rel = xstrdup(real + 1);
	else if (strncmp(real, dir, n) == 0 && real[n] == '/')
		rel = xstrdup(real + n + 1);
	free(real);
	return rel;
}

size_t config_drop_excluded(const struct lint_config *cfg, struct string_list *files)
{
	size_t kept = 0, dropped = 0;

	if (!cfg->path || !cfg->exclude.len)
		return 0;
	for (size_t i = 0; i < files->len; i++) {
		char *rel = relative_to(cfg->dir, files->items[i]);
		int excluded = 0;

		for (size_t k = 0; rel && !excluded && k < cfg->exclude.len; k++)
			excluded = exclude_glob_match(cfg->exclude.items[k], rel);
		free(rel);
		if (excluded) {
			free(files->items[i]);
			dropped++;
		} else {
			files->items[kept++] = files->items[i];
		}
	}
	files->len = kept;
	return dropped;
}
