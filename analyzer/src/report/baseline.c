/*
 * Baseline file, one JSON document:
 * {"tool":"gendisk-lint","baseline":1,"fingerprint":"gendiskLint/v1",
 *  "findings":[{"fingerprint":"…","rule":"…","file":"…","function":"…",
 *               "line":12,"message":"…"}]}
 * Only "fingerprint" is used for matching; the rest is for humans reviewing
 * the file (the line is where the finding was when the baseline was written).
 */
#include "baseline.h"

#include "fingerprint.h"
#include "json_reader.h"
#include "json_writer.h"
#include "string_list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int baseline_write(const char *path, const struct output_file *files, size_t n,
		   char **const *fps, char *err, size_t errlen)
{
	FILE *out = fopen(path, "w");
	int first = 1;

	if (!out) {
		snprintf(err, errlen, "--write-baseline %s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(out, "{\"tool\":\"gendisk-lint\",\"baseline\":1,\"fingerprint\":\"%s\",\n"
		     " \"findings\":[", FINGERPRINT_KEY);
	for (size_t i = 0; i < n; i++) {
		const struct finding_list *fl = &files[i].result->findings;

		for (size_t k = 0; k < fl->len; k++) {
			const struct finding *f = &fl->items[k];

			fputs(first ? "\n  " : ",\n  ", out);
			first = 0;
			fputs("{\"fingerprint\":", out);
			json_write_string(out, fps[i][k]);
			fputs(",\"rule\":", out);
			json_write_string(out, f->rule_id);
			fputs(",\"file\":", out);
			json_write_string(out, files[i].display);
			fputs(",\"function\":", out);
			json_write_string(out, f->function);
			fprintf(out, ",\"line\":%u,\"message\":", f->loc.line);
			json_write_string(out, f->message);
			fputc('}', out);
		}
	}
	fputs("]}\n", out);
	if (fclose(out) != 0) {
		snprintf(err, errlen, "--write-baseline %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t len = 0, n;
	char buf[8192];

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		data = xrealloc(data, len + n + 1);
		memcpy(data + len, buf, n);
		len += n;
	}
	fclose(f);
	if (!data)
		data = xcalloc(1, 1);
	data[len] = '\0';
	return data;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int baseline_load(const char *path, struct baseline *b, char *err, size_t errlen)
{
	char *text = read_all(path), jerr[256];
	struct json_value *doc;
	const struct json_value *scheme, *findings;

	memset(b, 0, sizeof(*b));
	if (!text) {
		snprintf(err, errlen, "--baseline %s: %s", path, strerror(errno));
		return -1;
	}
	doc = json_parse(text, jerr, sizeof(jerr));
	free(text);
	if (!doc) {
		snprintf(err, errlen, "--baseline %s: invalid JSON: %s", path, jerr);
		return -1;
	}
	scheme = json_get(doc, "fingerprint");
	findings = json_get(doc, "findings");
	if (doc->type != JSON_OBJECT || !findings || findings->type != JSON_ARRAY) {
		snprintf(err, errlen, "--baseline %s: not a gendisk-lint baseline (no \"findings\" array)",
			 path);
		json_free(doc);
		return -1;
	}
	if (!scheme || scheme->type != JSON_STRING || strcmp(scheme->string, FINGERPRINT_KEY) != 0) {
		snprintf(err, errlen,
			 "--baseline %s: fingerprints are not %s: rewrite it with --write-baseline",
			 path, FINGERPRINT_KEY);
		json_free(doc);
		return -1;
	}
	b->fingerprints = xcalloc(findings->len ? findings->len : 1, sizeof(char *));
	for (size_t i = 0; i < findings->len; i++) {
		const struct json_value *fp = json_get(findings->items[i], "fingerprint");

		if (!fp || fp->type != JSON_STRING) {
			snprintf(err, errlen, "--baseline %s: finding %zu has no \"fingerprint\" string",
				 path, i + 1);
			json_free(doc);
			baseline_free(b);
			return -1;
		}
		b->fingerprints[b->len++] = xstrdup(fp->string);
	}
	json_free(doc);
	qsort(b->fingerprints, b->len, sizeof(char *), cmp_str);
	return 0;
}

int baseline_contains(const struct baseline *b, const char *fingerprint)
{
	return b->len && bsearch(&fingerprint, b->fingerprints, b->len, sizeof(char *), cmp_str);
}

void baseline_free(struct baseline *b)
{
	for (size_t i = 0; i < b->len; i++)
		free(b->fingerprints[i]);
	free(b->fingerprints);
	memset(b, 0, sizeof(*b));
}
