/*
 * disk-name-overflow: writes into gendisk->disk_name (char[DISK_NAME_LEN],
 * 32 bytes) that can overflow it or silently truncate the name.
 */
#include "file_rules.h"
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DISK_NAME_LEN 32
#define UNBOUNDED (-1)

struct walk {
	const struct file_context *fc;
	const char *function;
};

/* The access path as written: disk->disk_name, dev->gd->disk_name. */
static void path_of(const struct ir_node *n, char *buf, size_t len)
{
	n = ir_strip(n);
	if (!n || len < 8) {
		snprintf(buf, len, "?");
		return;
	}
	if (n->kind == IR_DECLREF) {
		snprintf(buf, len, "%s", n->name);
	} else if (n->kind == IR_MEMBER && n->nkids == 1) {
		size_t used;

		path_of(n->kids[0], buf, len);
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", n->flags & IRF_ARROW ? "->" : ".",
			 n->name);
	} else if (n->kind == IR_SUBSCRIPT && n->nkids == 2) {
		size_t used;

		path_of(n->kids[0], buf, len);
		used = strlen(buf);
		snprintf(buf + used, len - used, "[]");
	} else {
		snprintf(buf, len, "...");
	}
}

static int is_disk_name(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_MEMBER && n->name && strcmp(n->name, "disk_name") == 0;
}

/* Characters of a string literal as written ("ab\n" -> 3), or -1. */
static int literal_length(const struct ir_node *n)
{
	const char *s;
	int len = 0;

	n = ir_strip(n);
	if (!n || !(n->flags & IRF_STRLIT) || !n->name || n->name[0] != '"')
		return -1;
	for (s = n->name + 1; *s && *s != '"'; s++, len++) {
		if (*s != '\\')
			continue;
		s++;
		if (*s == 'x')
			while (s[1] && strchr("0123456789abcdefABCDEF", s[1]))
				s++;
		else if (*s >= '0' && *s <= '7')
			for (int k = 0; k < 2 && s[1] >= '0' && s[1] <= '7'; k++)
				s++;
	}
	return len;
}

/* The literal's text without the quotes (escapes left as written). */
static const char *literal_text(const struct ir_node *n)
{
	return ir_strip(n)->name + 1;
}

/* Worst-case length of what a printf format produces, or UNBOUNDED
 * (%s without precision, %p and its kernel extensions). */
static int format_max_length(const char *f)
{
	int total = 0;

	for (; *f && *f != '"'; f++) {
		int width = 0, prec = -1, longs = 0, conv;

		if (*f == '\\') {
			f++;
			total++;
			continue;
		}
		if (*f != '%') {
			total++;
			continue;
		}
		f++;
		if (*f == '%') {
			total++;
			continue;
		}
		while (*f && strchr("-+ #0", *f))
			f++;
		if (*f == '*')
			return UNBOUNDED;
		while (*f >= '0' && *f <= '9')
			width = width * 10 + (*f++ - '0');
		if (*f == '.') {
			f++;
			if (*f == '*')
				return UNBOUNDED;
			prec = 0;
			while (*f >= '0' && *f <= '9')
				prec = prec * 10 + (*f++ - '0');
		}
		while (*f && strchr("hlzjtL", *f)) {
			if (*f == 'l' || *f == 'z' || *f == 'j' || *f == 't' || *f == 'L')
				longs = 1;
			f++;
		}
		switch (*f) {
		case 'd': case 'i': conv = longs ? 20 : 11; break;
		case 'u': conv = longs ? 20 : 10; break;
		case 'x': case 'X': conv = longs ? 16 : 8; break;
		case 'o': conv = longs ? 22 : 11; break;
		case 'c': conv = 1; break;
		case 's':
			if (prec < 0)
				return UNBOUNDED;
			conv = prec;
			break;
		default:
			return UNBOUNDED;
		}
		total += conv > width ? conv : width;
		if (!*f)
			break;
	}
	return total;
}

/* Characters a printf format writes at least: its text without the
 * conversions (a bounded print of a longer text is surely truncated). */
static int format_min_length(const char *f)
{
	int total = 0;

	for (; *f && *f != '"'; f++) {
		if (*f == '\\') {
			f++;
			total++;
		} else if (*f == '%' && f[1] == '%') {
			f++;
			total++;
		} else if (*f == '%') {
			while (f[1] && !strchr("diouxXcspn", f[1]))
				f++;
			if (f[1])
				f++;
		} else {
			total++;
		}
	}
	return total;
}

/* Index of the size argument of the bounded copy/print functions, or -1. */
static int bound_arg(const char *fn)
{
	if (!strcmp(fn, "snprintf") || !strcmp(fn, "scnprintf") || !strcmp(fn, "vsnprintf") ||
	    !strcmp(fn, "vscnprintf"))
		return 1;
	if (!strcmp(fn, "strscpy") || !strcmp(fn, "strlcpy") || !strcmp(fn, "strncpy") ||
	    !strcmp(fn, "strscpy_pad") || !strcmp(fn, "memcpy") || !strcmp(fn, "strlcat") ||
	    !strcmp(fn, "strncat"))
		return 2;
	return -1;
}

static void check_call(const struct walk *w, const struct ir_node *call)
{
	const char *fn = ir_api_name(call);
	const struct ir_node *dst = ir_call_arg(call, 0);
	const struct ir_node *bound, *src;
	char path[256];
	int b, len;

	if (ir_call_nargs(call) < 2 || !is_disk_name(dst))
		return;
	/* 6.12's strscpy()/strscpy_pad() are macros over sized_strscpy*() */
	if (strncmp(fn, "sized_", 6) == 0)
		fn += 6;
	path_of(dst, path, sizeof(path));
	if (!strcmp(fn, "sprintf") || !strcmp(fn, "vsprintf")) {
		src = ir_call_arg(call, 1);
		len = literal_length(src) < 0 ? UNBOUNDED : format_max_length(literal_text(src));
		if (len == UNBOUNDED)
			file_report(w->fc, call->loc, w->function,
				    "%s() into '%s' is unbounded: the name can exceed %d characters; "
				    "use snprintf(%s, DISK_NAME_LEN, ...)",
				    fn, path, DISK_NAME_LEN - 1, path);
		else if (len > DISK_NAME_LEN - 1)
			file_report(w->fc, call->loc, w->function,
				    "%s() into '%s' can write %d characters: disk_name holds %d; "
				    "use snprintf(%s, DISK_NAME_LEN, ...)",
				    fn, path, len, DISK_NAME_LEN - 1, path);
		return;
	}
	if (!strcmp(fn, "strcpy") || !strcmp(fn, "strcat")) {
		src = ir_call_arg(call, 1);
		len = literal_length(src);
		/* disk_name to disk_name (a driver's own char[32] copy of it) fits */
		if (!strcmp(fn, "strcpy") && is_disk_name(src))
			return;
		if (!strcmp(fn, "strcat") || len < 0)
			file_report(w->fc, call->loc, w->function,
				    "%s() into '%s' is unbounded: use strscpy(%s, ..., DISK_NAME_LEN)",
				    fn, path, path);
		else if (len > DISK_NAME_LEN - 1)
			file_report(w->fc, call->loc, w->function,
				    "%s() of a %d-character string overflows '%s' (%d characters "
				    "and the NUL fit)", fn, len, path, DISK_NAME_LEN - 1);
		return;
	}
	b = bound_arg(fn);
	if (b < 0 || ir_call_nargs(call) <= (unsigned)b)
		return;
	bound = ir_call_arg(call, (unsigned)b);
	if (bound && bound->kind == IR_INTLIT && (bound->flags & IRF_HAS_VALUE) &&
	    bound->value > DISK_NAME_LEN) {
		file_report(w->fc, call->loc, w->function,
			    "%s() into '%s' with bound %lld: disk_name is DISK_NAME_LEN (%d) bytes",
			    fn, path, bound->value, DISK_NAME_LEN);
		return;
	}
	/* a bounded write of a constant too long for the name: silently truncated */
	src = ir_call_arg(call, b == 1 ? 2 : 1);
	len = literal_length(src);
	if (len < 0)
		return;
	if (b == 1)
		len = format_min_length(literal_text(src));
	if (len > DISK_NAME_LEN - 1)
		file_report(w->fc, call->loc, w->function,
			    "name written by %s() into '%s' is %d characters: disk_name holds %d, "
			    "the name is truncated", fn, path, len, DISK_NAME_LEN - 1);
}

static int visit(const struct ir_node *n, void *data)
{
	if (n->kind == IR_CALL)
		check_call(data, n);
	return 1;
}

static void on_file(const struct file_context *fc)
{
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct walk w = { fc, fc->lf->funcs[i].name };

		ir_walk(fc->lf->funcs[i].body, visit, &w);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "disk_name");
}

const struct rule rule_disk_name_overflow = {
	.id = "disk-name-overflow",
	.severity = "warning",
	.confidence = "high",
	.summary = "sprintf/strcpy/strcat into disk_name, a bound > DISK_NAME_LEN, or a name too long",
	.explain =
		"Why: struct gendisk has char disk_name[DISK_NAME_LEN], DISK_NAME_LEN = 32\n"
		"(6.1 blkdev.h:61, 6.12 :56; the 2.6.11 gendisk already had disk_name[32]).\n"
		"The name becomes the device name (dev_set_name(ddev, \"%s\", disk->disk_name)\n"
		"in device_add_disk, gendisk-api.md 1.8/2.2).  sprintf/strcpy/strcat write\n"
		"past the array into the rest of the gendisk (its minors, flags, fops pointer)\n"
		"when the name is longer than 31 characters; a bound larger than the array\n"
		"does the same through snprintf/strscpy; a bounded copy of a longer constant\n"
		"truncates it, and two truncated names collide (-EEXIST from add_disk).\n"
		"A sprintf whose format provably fits (\"nbd%d\": at most 14 characters) is\n"
		"not reported, nor a strcpy from another disk_name member (a driver's own\n"
		"char[32] copy); a bounded print is reported only when its constant text\n"
		"alone exceeds 31 characters.\n"
		"\n"
		"Wrong:\n"
		"\tsprintf(disk->disk_name, \"%s_blk%d\", dev_name(&pdev->dev), id);\n"
		"\tsnprintf(disk->disk_name, 64, \"foo%d\", id);\n"
		"\n"
		"Right:\n"
		"\tsnprintf(disk->disk_name, DISK_NAME_LEN, \"%s_blk%d\", dev_name(&pdev->dev), id);\n"
		"\tstrscpy(disk->disk_name, name, sizeof(disk->disk_name));\n"
		"\n"
		"Fix: use snprintf/strscpy with DISK_NAME_LEN or sizeof(disk->disk_name), and\n"
		"choose names that fit in 31 characters.\n",
	.on_file = on_file,
	.tokens = tokens,
};
