/* Patch review: files, old texts and the responsibility filter (see patch_review.h). */
#include "patch_review.h"

#include "diff_reverse.h"
#include "finding_filter.h"
#include "git_command.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The whole of a file, or of stdin for "-"; 0, or -1 with errno set. */
static int read_all(const char *path, char **data, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	size_t cap = 0, n;
	char buf[65536];

	*data = NULL;
	*len = 0;
	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (*len + n + 1 > cap) {
			cap = (*len + n + 1) * 2;
			*data = xrealloc(*data, cap);
		}
		memcpy(*data + *len, buf, n);
		*len += n;
	}
	if (ferror(f)) {
		int e = errno ? errno : EIO;

		if (f != stdin)
			fclose(f);
		free(*data);
		*data = NULL;
		errno = e;
		return -1;
	}
	if (f != stdin)
		fclose(f);
	if (!*data)
		*data = xcalloc(1, 1);
	(*data)[*len] = '\0';
	return 0;
}

static int is_c_file(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 2 && strcmp(path + n - 2, ".c") == 0;
}

static int is_regular_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static struct review_file *add_review_file(struct patch_review *rv, const struct diff_file *d,
					   char *path)
{
	struct review_file *rf;

	rv->files = xrealloc(rv->files, (rv->nfiles + 1) * sizeof(*rv->files));
	rf = &rv->files[rv->nfiles++];
	memset(rf, 0, sizeof(*rf));
	rf->diff = d;
	rf->path = path;
	return rf;
}

/* Every file the patch keeps exists at strip level k. */
static int paths_exist(struct patch *p, int k)
{
	char err[256];

	if (patch_strip(p, k, err, sizeof(err)) != 0)
		return 0;
	for (size_t i = 0; i < p->nfiles; i++)
		if (p->files[i].new_path && !is_regular_file(p->files[i].new_path))
			return 0;
	return 1;
}

static int load_diff_file(struct patch_review *rv, const struct review_options *o, char *err,
			  size_t errlen)
{
	const char *label = strcmp(o->diff_file, "-") == 0 ? "stdin" : o->diff_file;
	char *text;
	size_t len;
	char perr[512];

	if (read_all(o->diff_file, &text, &len) != 0) {
		snprintf(err, errlen, "--diff: cannot read patch %s: %s", label, strerror(errno));
		return -1;
	}
	if (patch_parse(text, len, &rv->patch, perr, sizeof(perr)) != 0) {
		snprintf(err, errlen, "--diff: %s: %s", label, perr);
		free(text);
		return -1;
	}
	free(text);
	if (o->strip >= 0) {
		if (patch_strip(&rv->patch, o->strip, perr, sizeof(perr)) != 0) {
			snprintf(err, errlen, "--diff: %s: %s", label, perr);
			return -1;
		}
	} else {
		static const int git_order[] = { 1, 0, 2, 3 }, plain_order[] = { 0, 1, 2, 3 };
		const int *order = rv->patch.git_style ? git_order : plain_order;
		int found = 0;

		for (int i = 0; i < 4 && !found; i++)
			found = paths_exist(&rv->patch, order[i]);
		if (!found) {
			const struct diff_file *d = &rv->patch.files[0];

			for (size_t i = 0; i < rv->patch.nfiles; i++)
				if (rv->patch.files[i].raw_new &&
				    strcmp(rv->patch.files[i].raw_new, "/dev/null") != 0) {
					d = &rv->patch.files[i];
					break;
				}
			snprintf(err, errlen,
				 "--diff: %s: its files are not in this tree ('%s' not found with "
				 "0-3 leading components stripped); run from the tree the patch "
				 "is for, or give --diff-strip N",
				 label, d->raw_new ? d->raw_new : "?");
			return -1;
		}
	}
	for (size_t i = 0; i < rv->patch.nfiles; i++) {
		const struct diff_file *d = &rv->patch.files[i];
		struct review_file *rf;
		char *now;
		size_t now_len;

		if (!d->new_path || d->is_binary || !is_c_file(d->new_path))
			continue;
		rf = add_review_file(rv, d, xstrdup(d->new_path));
		if (read_all(rf->path, &now, &now_len) != 0) {
			snprintf(err, errlen, "--diff: %s: cannot read %s: %s", label, rf->path,
				 strerror(errno));
			return -1;
		}
		/* a new file too: its added lines must be the file */
		if (diff_reverse_apply(d, now, now_len, &rf->old_text, &rf->old_len, perr,
				       sizeof(perr)) != 0) {
			snprintf(err, errlen,
				 "--diff: %s does not apply in reverse to %s: %s (the tree must "
				 "be the patched state)",
				 label, rf->path, perr);
			free(now);
			return -1;
		}
		if (!d->old_path) { /* no old version */
			free(rf->old_text);
			rf->old_text = NULL;
			rf->old_len = 0;
		}
		free(now);
	}
	return 0;
}

static int git_ok(const char *const *argv, struct git_output *out)
{
	return git_run(argv, 0, out) == 0 && out->status == 0;
}

static int load_git_diff(struct patch_review *rv, const struct review_options *o, char *err,
			 size_t errlen)
{
	const char *rev = o->git_rev ? o->git_rev : "HEAD";
	const char *opt = o->staged ? "--staged" : "--git-diff";
	struct git_output out;
	char *cdup, *commit, *verify;
	char perr[512];
	int rc = -1;

	{
		const char *argv[] = { "rev-parse", "--is-inside-work-tree", NULL };

		if (git_run(argv, 0, &out) != 0 || out.status == 127) {
			snprintf(err, errlen, "%s: cannot run git", opt);
			git_output_free(&out);
			return -1;
		}
		if (out.status != 0 || strncmp(out.data, "true", 4) != 0) {
			snprintf(err, errlen, "%s: not a git repository (or not its work tree): %s",
				 opt, "run it inside the checkout the patch is in");
			git_output_free(&out);
			return -1;
		}
		git_output_free(&out);
	}
	verify = xasprintf("%s^{commit}", rev);
	{
		const char *argv[] = { "rev-parse", "--verify", "--quiet", "--end-of-options", verify,
				       NULL };

		if (!git_ok(argv, &out)) {
			snprintf(err, errlen, "%s: git does not know the revision '%s'", opt, rev);
			git_output_free(&out);
			free(verify);
			return -1;
		}
		commit = xstrndup(out.data, strcspn(out.data, "\n"));
		git_output_free(&out);
		free(verify);
	}
	{
		const char *argv[] = { "rev-parse", "--show-cdup", NULL };

		if (!git_ok(argv, &out)) {
			snprintf(err, errlen, "%s: git rev-parse --show-cdup failed", opt);
			git_output_free(&out);
			free(commit);
			return -1;
		}
		cdup = xstrndup(out.data, strcspn(out.data, "\n"));
		git_output_free(&out);
	}
	{
		const char *argv[] = { "diff", "--no-color", "--no-ext-diff", "--no-textconv",
				       "--find-renames", "--src-prefix=a/", "--dst-prefix=b/",
				       "--full-index", "--no-relative", o->staged ? "--cached" : commit,
				       o->staged ? commit : "--", o->staged ? "--" : NULL, NULL };

		if (git_run(argv, 1, &out) != 0 || out.status != 0) {
			snprintf(err, errlen, "%s: git diff %s failed", opt, rev);
			git_output_free(&out);
			goto out;
		}
	}
	if (out.len == 0) {
		git_output_free(&out);
		rc = 0; /* nothing changed: nothing to review */
		goto out;
	}
	if (patch_parse(out.data, out.len, &rv->patch, perr, sizeof(perr)) != 0 ||
	    patch_strip(&rv->patch, 1, perr, sizeof(perr)) != 0) {
		snprintf(err, errlen, "%s: cannot read git's diff: %s", opt, perr);
		git_output_free(&out);
		goto out;
	}
	git_output_free(&out);
	for (size_t i = 0; i < rv->patch.nfiles; i++) {
		const struct diff_file *d = &rv->patch.files[i];
		struct review_file *rf;

		if (!d->new_path || d->is_binary || !is_c_file(d->new_path))
			continue;
		rf = add_review_file(rv, d, xasprintf("%s%s", cdup, d->new_path));
		if (o->staged) {
			char *spec = xasprintf(":%s", d->new_path);
			const char *argv[] = { "cat-file", "blob", spec, NULL };

			if (!git_ok(argv, &out)) {
				snprintf(err, errlen, "%s: cannot read the index's %s", opt,
					 d->new_path);
				git_output_free(&out);
				free(spec);
				goto out;
			}
			free(spec);
			rf->new_text = out.data;
			rf->new_len = out.len;
		}
		if (d->old_path) {
			char *spec = xasprintf("%s:%s", commit, d->old_path);
			const char *argv[] = { "cat-file", "blob", spec, NULL };

			if (!git_ok(argv, &out)) {
				snprintf(err, errlen, "%s: cannot read %s of %s", opt, d->old_path,
					 rev);
				git_output_free(&out);
				free(spec);
				goto out;
			}
			free(spec);
			rf->old_text = out.data;
			rf->old_len = out.len;
		}
	}
	rc = 0;
out:
	free(cdup);
	free(commit);
	return rc;
}

int patch_review_load(struct patch_review *rv, const struct review_options *o, char *err,
		      size_t errlen)
{
	int rc;

	memset(rv, 0, sizeof(*rv));
	rc = o->diff_file ? load_diff_file(rv, o, err, errlen) : load_git_diff(rv, o, err, errlen);
	if (rc != 0)
		patch_review_free(rv);
	return rc;
}

/* path lies at or below the input (both resolved). */
static int under(const char *path_real, const char *input_real)
{
	size_t n = strlen(input_real);

	if (strncmp(path_real, input_real, n) != 0)
		return 0;
	return path_real[n] == '\0' || path_real[n] == '/' || strcmp(input_real, "/") == 0;
}

void patch_review_select(const struct patch_review *rv, const struct string_list *inputs,
			 struct string_list *files)
{
	char **real = xcalloc(rv->nfiles ? rv->nfiles : 1, sizeof(*real));

	for (size_t i = 0; i < rv->nfiles; i++) {
		real[i] = realpath(rv->files[i].path, NULL);
		if (!inputs->len)
			string_list_push(files, rv->files[i].path);
	}
	for (size_t k = 0; k < inputs->len; k++) {
		char *in = realpath(inputs->items[k], NULL);
		int matched = 0;

		for (size_t i = 0; in && i < rv->nfiles; i++) {
			if (!real[i] || !under(real[i], in))
				continue;
			matched = 1;
			if (!string_list_contains(files, rv->files[i].path))
				string_list_push(files, rv->files[i].path);
		}
		if (!matched)
			fprintf(stderr,
				"gendisk-lint: %s: note: no C file the patch changes is here; ignored\n",
				inputs->items[k]);
		free(in);
	}
	for (size_t i = 0; i < rv->nfiles; i++)
		free(real[i]);
	free(real);
}

const struct review_file *patch_review_find(const struct patch_review *rv, const char *path)
{
	for (size_t i = 0; i < rv->nfiles; i++)
		if (strcmp(rv->files[i].path, path) == 0)
			return &rv->files[i];
	return NULL;
}

static int on_changed_line(const struct diff_file *d, const struct finding *f)
{
	if (diff_file_line_changed(d, f->loc.line))
		return 1;
	for (unsigned j = 0; j < f->nnotes; j++)
		if (diff_file_line_changed(d, f->notes[j].loc.line))
			return 1;
	return 0;
}

/* Drops items with drop[k] from the findings and, in step, from fps. */
static size_t drop_marked(struct file_result *res, char **fps, const unsigned char *drop)
{
	size_t kept = 0, len = res->findings.len;

	for (size_t k = 0; k < len; k++) {
		if (drop[k])
			free(fps[k]);
		else
			fps[kept++] = fps[k];
	}
	finding_list_drop(&res->findings, drop);
	return kept;
}

int patch_review_needs_old(const struct review_file *rf, const struct file_result *res)
{
	for (size_t k = 0; k < res->findings.len; k++)
		if (!on_changed_line(rf->diff, &res->findings.items[k]))
			return 1;
	return 0;
}

/* o (pre-patch) is n (patched) on the same lines of the file. */
static int same_finding(const struct diff_file *d, const struct finding *n,
			const struct finding *o)
{
	if (strcmp(n->rule_id, o->rule_id) != 0 || strcmp(n->message, o->message) != 0 ||
	    n->nnotes != o->nnotes || n->loc.col != o->loc.col ||
	    diff_file_old_line(d, n->loc.line) != o->loc.line)
		return 0;
	for (unsigned j = 0; j < n->nnotes; j++)
		if (strcmp(n->notes[j].message, o->notes[j].message) != 0 ||
		    n->notes[j].loc.col != o->notes[j].loc.col ||
		    diff_file_old_line(d, n->notes[j].loc.line) != o->notes[j].loc.line)
			return 0;
	return 1;
}

void patch_review_drop_older(struct patch_review *rv, const struct review_file *rf,
			     struct file_result *res, char **fps, const struct finding_list *old)
{
	size_t len = res->findings.len;
	unsigned char *drop = xcalloc(len ? len : 1, 1);

	for (size_t k = 0; k < len; k++) {
		const struct finding *f = &res->findings.items[k];

		if (on_changed_line(rf->diff, f))
			continue;
		for (size_t j = 0; j < old->len && !drop[k]; j++)
			drop[k] = (unsigned char)same_finding(rf->diff, f, &old->items[j]);
	}
	rv->not_reported += len - drop_marked(res, fps, drop);
	free(drop);
}

void patch_review_free(struct patch_review *rv)
{
	for (size_t i = 0; i < rv->nfiles; i++) {
		free(rv->files[i].path);
		free(rv->files[i].new_text);
		free(rv->files[i].old_text);
	}
	free(rv->files);
	patch_free(&rv->patch);
	memset(rv, 0, sizeof(*rv));
}
