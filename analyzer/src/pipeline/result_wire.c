/* A file's result as bytes: how a worker process hands it to the parent. */
#include "result_wire.h"

#include "rules.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NO_STRING UINT32_MAX

static void put(struct wire_buffer *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = (b->len + n) * 2 + 256;
		b->data = xrealloc(b->data, b->cap);
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

static void put_u32(struct wire_buffer *b, uint32_t v)
{
	put(b, &v, sizeof(v));
}

static void put_str(struct wire_buffer *b, const char *s)
{
	if (!s) {
		put_u32(b, NO_STRING);
		return;
	}
	put_u32(b, (uint32_t)strlen(s));
	put(b, s, strlen(s));
}

void result_wire_encode(const struct file_result *res, struct wire_buffer *b)
{
	put_u32(b, (uint32_t)res->status);
	put_u32(b, (uint32_t)res->version_code);
	put_u32(b, (uint32_t)res->prefiltered);
	put_str(b, res->message);
	put_str(b, res->stderr_note);
	put_str(b, res->header_cache_note);
	put_str(b, res->module_note);
	put_str(b, res->first_error);
	put_u32(b, (uint32_t)res->block_core);
	put_u32(b, res->missing_headers);
	put_u32(b, res->degraded_functions);
	put_str(b, res->api_generation_note);
	put_u32(b, (uint32_t)res->first_missing_headers.len);
	for (size_t i = 0; i < res->first_missing_headers.len; i++)
		put_str(b, res->first_missing_headers.items[i]);
	put_u32(b, (uint32_t)res->findings.len);
	for (size_t i = 0; i < res->findings.len; i++) {
		const struct finding *f = &res->findings.items[i];

		put_u32(b, (uint32_t)rule_index(f->rule_id));
		put_str(b, f->severity); /* a finding may differ from its rule's */
		put_u32(b, f->loc.line);
		put_u32(b, f->loc.col);
		put_str(b, f->function);
		put_str(b, f->message);
		put_u32(b, f->nnotes);
		for (unsigned k = 0; k < f->nnotes; k++) {
			put_u32(b, f->notes[k].loc.line);
			put_u32(b, f->notes[k].loc.col);
			put_str(b, f->notes[k].message);
		}
	}
	put_u32(b, (uint32_t)res->nfunctions);
	for (size_t i = 0; i < res->nfunctions; i++) {
		put_str(b, res->functions[i].name);
		put_u32(b, res->functions[i].first_line);
		put_u32(b, res->functions[i].last_line);
	}
}

struct reader {
	const unsigned char *p, *end;
	int bad;
};

static uint32_t get_u32(struct reader *r)
{
	uint32_t v = 0;

	if ((size_t)(r->end - r->p) < sizeof(v)) {
		r->bad = 1;
		return 0;
	}
	memcpy(&v, r->p, sizeof(v));
	r->p += sizeof(v);
	return v;
}

static char *get_str(struct reader *r)
{
	uint32_t n = get_u32(r);
	char *s;

	if (n == NO_STRING || r->bad)
		return NULL;
	if ((size_t)(r->end - r->p) < n) {
		r->bad = 1;
		return NULL;
	}
	s = xstrndup((const char *)r->p, n);
	r->p += n;
	return s;
}

int result_wire_decode(const unsigned char *data, size_t len, struct file_result *res)
{
	struct reader r = { data, data + len, 0 };
	uint32_t n;

	memset(res, 0, sizeof(*res));
	res->status = (enum file_status)get_u32(&r);
	res->version_code = (int)get_u32(&r);
	res->prefiltered = (int)get_u32(&r);
	res->message = get_str(&r);
	res->stderr_note = get_str(&r);
	res->header_cache_note = get_str(&r);
	res->module_note = get_str(&r);
	res->first_error = get_str(&r);
	res->block_core = (int)get_u32(&r);
	res->missing_headers = get_u32(&r);
	res->degraded_functions = get_u32(&r);
	res->api_generation_note = get_str(&r);
	n = get_u32(&r);
	for (uint32_t i = 0; i < n && !r.bad; i++) {
		char *h = get_str(&r);

		if (!h) {
			r.bad = 1;
			break;
		}
		string_list_push_owned(&res->first_missing_headers, h);
	}
	n = r.bad ? 0 : get_u32(&r);
	for (uint32_t i = 0; i < n && !r.bad; i++) {
		uint32_t rule = get_u32(&r);
		char *severity = get_str(&r);
		const char *sev = finding_severity(severity); /* interned */
		struct ir_loc loc;
		char *function, *message;
		struct finding *f;
		uint32_t nnotes;

		free(severity);
		loc.line = get_u32(&r);
		loc.col = get_u32(&r);
		function = get_str(&r);
		message = get_str(&r);
		if (r.bad || rule >= rules_count() || !message) {
			free(function);
			free(message);
			r.bad = 1;
			break;
		}
		f = finding_add(&res->findings, rule_at(rule)->id, sev ? sev : rule_at(rule)->severity,
				rule_at(rule)->confidence, loc, function, message);
		free(function);
		nnotes = get_u32(&r);
		for (uint32_t k = 0; k < nnotes && !r.bad; k++) {
			struct ir_loc nloc;
			char *note;

			nloc.line = get_u32(&r);
			nloc.col = get_u32(&r);
			note = get_str(&r);
			if (note)
				finding_add_note(f, nloc, note);
		}
	}
	n = r.bad ? 0 : get_u32(&r);
	if (n && n <= len) {
		res->functions = xcalloc(n, sizeof(*res->functions));
		for (uint32_t i = 0; i < n && !r.bad; i++) {
			res->functions[i].name = get_str(&r);
			res->functions[i].first_line = get_u32(&r);
			res->functions[i].last_line = get_u32(&r);
			res->nfunctions = i + 1;
		}
	}
	if (r.bad || r.p != r.end) {
		file_result_free(res);
		return -1;
	}
	return 0;
}

void wire_buffer_free(struct wire_buffer *buf)
{
	free(buf->data);
	memset(buf, 0, sizeof(*buf));
}
