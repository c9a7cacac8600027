/*
 * SARIF 2.1.0 log (--format=sarif) for code-scanning UIs: one run whose
 * driver lists every rule (id, summary as shortDescription, the first
 * paragraph of --explain as fullDescription, the whole --explain text as
 * help, default level), one result per finding with its location and
 * function, the path notes as relatedLocations and as a codeFlow (in line
 * order, ending at the finding), and a line-independent fingerprint in
 * partialFingerprints (fingerprint.h).  File problems become
 * toolExecutionNotifications of the invocation: an error when it could
 * not be analysed, a warning when it was degraded (a damaged parse).
 * Every input file is an artifact of the run whose properties carry its
 * status as the JSON document says it (ok, degraded, error, or skipped
 * with a reason: a file not analysed on purpose is not "ok").
 */
#include "output_ci.h"

#include "fingerprint.h"
#include "json_writer.h"
#include "rules.h"
#include "string_list.h"
#include "suppressions.h"

#include <stdlib.h>
#include <string.h>

static size_t all_rules_count(void)
{
	return rules_count() + suppression_rules_count();
}

static const struct rule *all_rules_at(size_t i)
{
	return i < rules_count() ? rule_at(i) : suppression_rule_at(i - rules_count());
}

static int all_rules_index(const char *id)
{
	for (size_t i = 0; i < all_rules_count(); i++)
		if (strcmp(all_rules_at(i)->id, id) == 0)
			return (int)i;
	return -1;
}

static const char *level_of(const char *severity)
{
	if (severity && strcmp(severity, "error") == 0)
		return "error";
	return severity && strcmp(severity, "info") == 0 ? "note" : "warning";
}

/* A relative path stays a relative URI reference; an absolute one becomes file://. */
static void write_uri(FILE *out, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char *uri = xmalloc(strlen(path) * 3 + 8), *o = uri;

	if (path[0] == '/') {
		memcpy(o, "file://", 7);
		o += 7;
	}
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
			*o++ = (char)*p;
		} else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	*o = '\0';
	json_write_string(out, uri);
	free(uri);
}

static void write_physical(FILE *out, const char *display, struct ir_loc loc)
{
	fputs("{\"artifactLocation\":{\"uri\":", out);
	write_uri(out, display);
	fputc('}', out);
	if (loc.line) {
		fprintf(out, ",\"region\":{\"startLine\":%u", loc.line);
		if (loc.col)
			fprintf(out, ",\"startColumn\":%u", loc.col);
		fputc('}', out);
	}
	fputc('}', out);
}

static void write_message(FILE *out, const char *text)
{
	fputs("{\"text\":", out);
	json_write_string(out, text);
	fputc('}', out);
}

/* The first paragraph of an --explain text, its lines joined. */
static char *first_paragraph(const char *explain)
{
	const char *end = strstr(explain, "\n\n");
	char *p = xstrndup(explain, end ? (size_t)(end - explain) : strlen(explain));

	for (char *c = p; *c; c++)
		if (*c == '\n' || *c == '\t')
			*c = ' ';
	return p;
}

static void write_rules(FILE *out)
{
	for (size_t i = 0; i < all_rules_count(); i++) {
		const struct rule *r = all_rules_at(i);
		char *full = first_paragraph(r->explain);

		fputs(i ? ",\n      " : "\n      ", out);
		fputs("{\"id\":", out);
		json_write_string(out, r->id);
		fputs(",\"shortDescription\":", out);
		write_message(out, r->summary);
		fputs(",\"fullDescription\":", out);
		write_message(out, full);
		fputs(",\"help\":", out);
		write_message(out, r->explain);
		fprintf(out, ",\"defaultConfiguration\":{\"level\":\"%s\"}", level_of(r->severity));
		fputs(",\"properties\":{\"confidence\":", out);
		json_write_string(out, r->confidence);
		fputs("}}", out);
		free(full);
	}
}

static int cmp_note_line(const void *a, const void *b)
{
	const struct finding_note *x = *(const struct finding_note *const *)a;
	const struct finding_note *y = *(const struct finding_note *const *)b;

	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	return x < y ? -1 : x > y;
}

static void write_code_flow(FILE *out, const char *display, const struct finding *f)
{
	const struct finding_note **order = xcalloc(f->nnotes, sizeof(*order));

	for (unsigned j = 0; j < f->nnotes; j++)
		order[j] = &f->notes[j];
	qsort(order, f->nnotes, sizeof(*order), cmp_note_line);
	fputs(",\"codeFlows\":[{\"threadFlows\":[{\"locations\":[", out);
	for (unsigned j = 0; j <= f->nnotes; j++) {
		struct ir_loc loc = j < f->nnotes ? order[j]->loc : f->loc;

		fputs(j ? "," : "", out);
		fputs("{\"location\":{\"physicalLocation\":", out);
		write_physical(out, display, loc);
		fputs(",\"message\":", out);
		write_message(out, j < f->nnotes ? order[j]->message : f->message);
		fputs("}}", out);
	}
	fputs("]}]}]", out);
	free(order);
}

static void write_result(FILE *out, const char *display, const struct finding *f,
			 const char *fp)
{
	fputs("{\"ruleId\":", out);
	json_write_string(out, f->rule_id);
	fprintf(out, ",\"ruleIndex\":%d,\"level\":\"%s\",\"message\":",
		all_rules_index(f->rule_id), level_of(f->severity));
	write_message(out, f->message);
	fputs(",\"locations\":[{\"physicalLocation\":", out);
	write_physical(out, display, f->loc);
	if (f->function && *f->function) {
		fputs(",\"logicalLocations\":[{\"name\":", out);
		json_write_string(out, f->function);
		fputs(",\"kind\":\"function\"}]", out);
	}
	fputs("}]", out);
	if (f->nnotes) {
		fputs(",\"relatedLocations\":[", out);
		for (unsigned j = 0; j < f->nnotes; j++) {
			fprintf(out, "%s{\"id\":%u,\"physicalLocation\":", j ? "," : "", j + 1);
			write_physical(out, display, f->notes[j].loc);
			fputs(",\"message\":", out);
			write_message(out, f->notes[j].message);
			fputc('}', out);
		}
		fputc(']', out);
		write_code_flow(out, display, f);
	}
	fputs(",\"partialFingerprints\":{\"" FINGERPRINT_KEY "\":", out);
	json_write_string(out, fp);
	fputs("},\"properties\":{\"confidence\":", out);
	json_write_string(out, f->confidence);
	fputs("}}", out);
}

static void write_notification(FILE *out, int *first, const char *level, const char *text,
			       const char *display)
{
	struct ir_loc none = { 0, 0 };

	fputs(*first ? "\n      " : ",\n      ", out);
	*first = 0;
	fprintf(out, "{\"level\":\"%s\",\"message\":", level);
	write_message(out, text);
	fputs(",\"locations\":[{\"physicalLocation\":", out);
	write_physical(out, display, none);
	fputs("}]}", out);
}

/* A file that could not be analysed is an error; one analysed on a
 * damaged parse (degraded) a warning; another kernel's API a note. */
static void write_invocation(FILE *out, const struct output_file *files, size_t n)
{
	int ok = 1, first = 1;

	for (size_t i = 0; i < n; i++)
		if (files[i].result->status == FILE_ERROR)
			ok = 0;
	fprintf(out, "\"invocations\":[{\"executionSuccessful\":%s,"
		     "\"toolExecutionNotifications\":[", ok ? "true" : "false");
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = files[i].result;
		const char *text = r->message && *r->message ? r->message : NULL;

		if (r->status == FILE_ERROR)
			write_notification(out, &first, "error", text ? text : "analysis failed",
					   files[i].display);
		else if (r->status == FILE_DEGRADED)
			write_notification(out, &first, "warning",
					   text ? text : "analysed on a damaged parse",
					   files[i].display);
		if (r->api_generation_note)
			write_notification(out, &first, "note", r->api_generation_note,
					   files[i].display);
	}
	fputs("]}]", out);
}

/* run.artifacts: each file with its status (and reason) in its property bag. */
static void write_artifacts(FILE *out, const struct output_file *files, size_t n)
{
	fputs("\"artifacts\":[", out);
	for (size_t i = 0; i < n; i++) {
		const char *reason;
		const char *status = output_status(files[i].result, &reason);

		fputs(i ? ",\n    " : "\n    ", out);
		fputs("{\"location\":{\"uri\":", out);
		write_uri(out, files[i].display);
		fputs("},\"roles\":[\"analysisTarget\"],\"properties\":{\"status\":", out);
		json_write_string(out, status);
		if (reason) {
			fputs(",\"reason\":", out);
			json_write_string(out, reason);
		}
		fputs("}}", out);
	}
	fputc(']', out);
}

void output_sarif(FILE *out, const struct output_file *files, size_t n, char **const *fps,
		  const char *kernel, const struct string_list *notes)
{
	int first = 1;

	fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\n"
	      " \"runs\":[{\n  \"tool\":{\"driver\":{\"name\":\"gendisk-lint\",\"version\":", out);
	json_write_string(out, GENDISK_LINT_VERSION);
	fputs(",\"semanticVersion\":", out);
	json_write_string(out, GENDISK_LINT_VERSION);
	fputs(",\"rules\":[", out);
	write_rules(out);
	fputs("]}},\n  ", out);
	write_invocation(out, files, n);
	fputs(",\n  ", out);
	write_artifacts(out, files, n);
	fputs(",\n  \"results\":[", out);
	for (size_t i = 0; i < n; i++) {
		const struct finding_list *fl = &files[i].result->findings;

		for (size_t k = 0; k < fl->len; k++) {
			fputs(first ? "\n    " : ",\n    ", out);
			first = 0;
			write_result(out, files[i].display, &fl->items[k], fps[i][k]);
		}
	}
	fputs("],\n  \"columnKind\":\"utf16CodeUnits\",\"properties\":{\"kernel\":", out);
	if (kernel && *kernel)
		json_write_string(out, kernel);
	else
		fputs("null", out);
	if (notes && notes->len) {
		fputs(",\"notes\":[", out);
		for (size_t i = 0; i < notes->len; i++) {
			fputs(i ? "," : "", out);
			json_write_string(out, notes->items[i]);
		}
		fputc(']', out);
	}
	fputs("}}]}\n", out);
}
