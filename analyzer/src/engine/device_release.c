/* Tag sets a registered device's release frees (device_release.h). */
#include "device_release.h"

#include "cfg.h"
#include "file_rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a release function frees: a member of the struct it reaches from
 * its device (record, members) or a global (global set, text). */
struct release_free {
	const struct ir_function *fn;
	struct ir_loc loc;
	int global;
	const char *record;          /* the struct declaring the first member */
	char text[DR_TEXT_LEN];      /* global: its path; member: ".tag_set" */
};

static const struct ir_function *find_fn(const struct lowered_file *lf, const char *name)
{
	for (size_t i = 0; name && i < lf->nfuncs; i++)
		if (lf->funcs[i].body && !strcmp(lf->funcs[i].name, name))
			return &lf->funcs[i];
	return NULL;
}

static int is_call_of(const struct ir_node *n, const char *name)
{
	return n->kind == IR_CALL && !strcmp(ir_api_name(n), name);
}

/* The root variable of an access path and the member just above it. */
static const struct ir_node *path_root(const struct ir_node *n, const struct ir_node **first)
{
	*first = NULL;
	n = ir_strip(n);
	while (n && (n->kind == IR_MEMBER || n->kind == IR_SUBSCRIPT) && n->nkids >= 1) {
		if (n->kind == IR_MEMBER)
			*first = n;
		else
			*first = NULL; /* an element: not a member of the root itself */
		n = ir_strip(n->kids[0]);
	}
	return n && n->kind == IR_DECLREF && n->name ? n : NULL;
}

static int is_global(const struct ir_node *root)
{
	return (root->flags & IRF_VAR) && !(root->flags & (IRF_LOCAL | IRF_PARAM));
}

/* The path after its root variable, "->" written as ".": the members. */
static int members_text(const struct ir_node *n, const struct ir_node *root, char *buf, size_t len)
{
	char full[DR_TEXT_LEN];
	const char *s;
	size_t o = 0;

	if (!ir_path_text(n, full, sizeof(full)))
		return 0;
	s = full + strlen(root->name);
	while (*s && o + 1 < len) {
		if (s[0] == '-' && s[1] == '>') {
			buf[o++] = '.';
			s += 2;
		} else {
			buf[o++] = *s++;
		}
	}
	buf[o] = 0;
	return !*s;
}

/* "&X" -> X, else NULL */
static const struct ir_node *addr_operand(const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_UNARY && n->op == CXUnaryOperator_AddrOf && n->nkids == 1)
		return ir_strip(n->kids[0]);
	return NULL;
}

struct derived {
	const struct ir_function *fn;
	const char *var;
	int found;
};

struct mention {
	const char *name;
	int found;
};

static int find_mention(const struct ir_node *n, void *data)
{
	struct mention *m = data;

	if (n->kind == IR_DECLREF && n->name && !strcmp(n->name, m->name))
		m->found = 1;
	return !m->found;
}

/* Does n name a parameter of fn anywhere, inside a statement expression
 * (container_of) too? */
static int mentions_param(const struct ir_function *fn, const struct ir_node *n)
{
	for (unsigned i = 0; i < fn->nparams; i++) {
		struct mention m = { fn->params[i], 0 };

		if (m.name)
			ir_walk(n, find_mention, &m);
		if (m.found)
			return 1;
	}
	return 0;
}

/* v = <expression of a parameter> (a declaration or an assignment) */
static int find_derivation(const struct ir_node *n, void *data)
{
	struct derived *d = data;
	const struct ir_node *l;

	if (n->kind == IR_DECL && n->name && !strcmp(n->name, d->var) && n->nkids >= 1 &&
	    mentions_param(d->fn, n->kids[0]))
		d->found = 1;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    (l = ir_strip(n->kids[0])) && l->kind == IR_DECLREF && l->name &&
	    !strcmp(l->name, d->var) && mentions_param(d->fn, n->kids[1]))
		d->found = 1;
	return !d->found;
}

/* The tag set fn frees unconditionally, reached from its device or global. */
static int release_frees(const struct ir_function *fn, struct release_free *out)
{
	const struct ir_node *body = fn->body;

	if (!body || body->kind != IR_COMPOUND || fn->nparams < 1)
		return 0;
	for (unsigned i = 0; i < body->nkids; i++) {
		const struct ir_node *s = ir_strip(body->kids[i]), *x, *root, *first;

		if (!s || !is_call_of(s, "blk_mq_free_tag_set") || !(x = addr_operand(ir_call_arg(s, 0))) ||
		    !(root = path_root(x, &first)))
			continue;
		memset(out, 0, sizeof(*out));
		out->fn = fn;
		out->loc = s->loc;
		if (is_global(root)) {
			out->global = 1;
			return ir_path_text(x, out->text, sizeof(out->text));
		}
		if (!first || !first->record || !(root->flags & (IRF_LOCAL | IRF_PARAM)))
			continue;
		if (!(root->flags & IRF_PARAM)) {
			struct derived d = { fn, root->name, 0 };

			ir_walk(body, find_derivation, &d);
			if (!d.found)
				continue;
		}
		out->record = first->record;
		if (members_text(x, root, out->text, sizeof(out->text)))
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------ the walk */

struct ctx {
	const struct lowered_file *lf;
	const struct ir_function *fn;
	const struct cfg *cfg;
	const struct release_free *rel;
	char dev_key[DR_TEXT_LEN];   /* "x->pdev.dev", "*dev" */
	const char *dev_root;        /* the variable the device is reached through */
	const char *link;            /* the variable holding the registration's result */
	unsigned char *seen;         /* [block * 2 + linked] */
	unsigned char *memo;         /* fn_unregisters() per function of lf */
	struct released_free *out;
	size_t n, max;
	struct ir_loc reg_loc;
	const char *reg_call;
	/* device_release_owns(): the leaked tag set and the return */
	const char *owns_key;
	struct ir_loc owns_ret;
	int owned;
};

static int unregisters_api(const char *name)
{
	static const char *const api[] = {
		"platform_device_unregister", "platform_device_del", "platform_device_put",
		"device_unregister", "device_del", "put_device",
	};

	for (size_t i = 0; i < sizeof(api) / sizeof(api[0]); i++)
		if (!strcmp(name, api[i]))
			return 1;
	return 0;
}

/* Does function i of the file reach an unregistering call (through the
 * file's functions; one defined elsewhere may)?  memo per function: 0 not
 * known, 1 being scanned (a cycle: taken as yes), 2 no, 3 yes. */
struct unreg_scan {
	const struct lowered_file *lf;
	unsigned char *memo;
	int found;
};

static int fn_unregisters(const struct lowered_file *lf, unsigned char *memo, size_t i);

static long find_fn_index(const struct lowered_file *lf, const char *name)
{
	for (size_t i = 0; name && i < lf->nfuncs; i++)
		if (lf->funcs[i].body && !strcmp(lf->funcs[i].name, name))
			return (long)i;
	return -1;
}

/* A call that may unregister a device: the API, or a function of the
 * driver that reaches it or is not in the file. */
static int call_may_unregister(const struct lowered_file *lf, unsigned char *memo,
			       const struct ir_node *call)
{
	long j;

	if (unregisters_api(ir_api_name(call)))
		return 1;
	j = find_fn_index(lf, ir_call_name(call));
	if (j >= 0)
		return fn_unregisters(lf, memo, (size_t)j);
	return (call->flags & IRF_CALLEE_DRIVER) != 0;
}

static int scan_unregister(const struct ir_node *n, void *data)
{
	struct unreg_scan *u = data;

	if (u->found)
		return 0;
	if (n->kind == IR_CALL && call_may_unregister(u->lf, u->memo, n))
		u->found = 1;
	return !u->found;
}

static int fn_unregisters(const struct lowered_file *lf, unsigned char *memo, size_t i)
{
	struct unreg_scan u = { lf, memo, 0 };

	if (memo[i])
		return memo[i] != 2;
	memo[i] = 1;
	ir_walk(lf->funcs[i].body, scan_unregister, &u);
	memo[i] = u.found ? 3 : 2;
	return u.found;
}

/* The device a registration call registers, as a key like the release's. */
static int registered_key(const struct ir_node *call, char *buf, size_t len)
{
	const char *name = ir_api_name(call);
	const struct ir_node *arg = ir_call_arg(call, 0), *x;
	size_t used;

	if (!arg)
		return 0;
	if (!strcmp(name, "platform_device_register") || !strcmp(name, "platform_device_add")) {
		if ((x = addr_operand(arg))) {
			if (!ir_path_text(x, buf, len))
				return 0;
			used = strlen(buf);
			return snprintf(buf + used, len - used, ".dev") < (int)(len - used);
		}
		if (!ir_path_text(arg, buf, len))
			return 0;
		used = strlen(buf);
		return snprintf(buf + used, len - used, "->dev") < (int)(len - used);
	}
	if (!strcmp(name, "device_register") || !strcmp(name, "device_add")) {
		if ((x = addr_operand(arg)))
			return ir_path_text(x, buf, len);
		buf[0] = '*';
		return ir_path_text(arg, buf + 1, len - 1);
	}
	return 0;
}

/* Does the tag set argument of the function's free match the release's? */
static int same_tagset(const struct ctx *c, const struct ir_node *arg, char *text, size_t len)
{
	const struct ir_node *x = addr_operand(arg), *root, *first;
	char members[DR_TEXT_LEN];

	if (!x || !(root = path_root(x, &first)) || !ir_path_text(x, text, len))
		return 0;
	if (c->rel->global)
		return is_global(root) && !strcmp(text, c->rel->text);
	return strcmp(root->name, c->dev_root) == 0 && first && first->record &&
	       !strcmp(first->record, c->rel->record) &&
	       members_text(x, root, members, sizeof(members)) && !strcmp(members, c->rel->text);
}

struct item_scan {
	struct ctx *c;
	int stop;     /* an unregister: the device is gone on this path */
	const struct ir_node *free_call;
	char text[DR_TEXT_LEN];
	int writes_link;
};

static int scan_item(const struct ir_node *n, void *data)
{
	struct item_scan *s = data;
	const struct ir_node *l;

	if (s->stop || s->free_call)
		return 0;
	if (n->kind == IR_CALL) {
		if (is_call_of(n, "blk_mq_free_tag_set") &&
		    same_tagset(s->c, ir_call_arg(n, 0), s->text, sizeof(s->text))) {
			s->free_call = n;
			return 0;
		}
		if (call_may_unregister(s->c->lf, s->c->memo, n)) {
			s->stop = 1;
			return 0;
		}
	}
	if (s->c->link && n->kind == IR_BINARY && n->op >= CXBinaryOperator_Assign && n->nkids == 2 &&
	    (l = ir_strip(n->kids[0])) && l->kind == IR_DECLREF && l->name &&
	    !strcmp(l->name, s->c->link))
		s->writes_link = 1;
	if (s->c->link && (l = addr_operand(n)) && l->kind == IR_DECLREF && l->name &&
	    !strcmp(l->name, s->c->link))
		s->writes_link = 1;
	return 1;
}

/* Is n the registration's result: the call itself or the variable holding it? */
static int is_result(const struct ir_node *n, const char *link, const struct ir_node *call)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	if (call && n == call)
		return 1;
	return link && n->kind == IR_DECLREF && n->name && !strcmp(n->name, link);
}

static int is_zero(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE) && n->value == 0;
}

/* A branch on the registration's result: 1 when its true edge is the
 * failure, 0 when it is the success, -1 when it says neither. */
static int true_is_failure(const struct ir_node *cond, const char *link, const struct ir_node *call)
{
	cond = ir_strip(cond);
	if (is_result(cond, link, call))
		return 1;
	if (cond && cond->kind == IR_BINARY && cond->nkids == 2 && is_result(cond->kids[0], link, call) &&
	    is_zero(cond->kids[1])) {
		if (cond->op == CXBinaryOperator_LT || cond->op == CXBinaryOperator_NE)
			return 1;
		if (cond->op == CXBinaryOperator_GE || cond->op == CXBinaryOperator_EQ)
			return 0;
	}
	return -1;
}

static void visit_block(struct ctx *c, unsigned b, unsigned from, const char *link,
			const struct ir_node *call);

static void follow(struct ctx *c, unsigned b, const char *link, const struct ir_node *call)
{
	const struct cfg_block *blk = &c->cfg->blocks[b];
	int fail = -1;

	if (blk->term == CFG_TERM_BRANCH && blk->nsuccs == 2 && (link || call))
		fail = true_is_failure(blk->cond, link, call);
	for (unsigned i = 0; i < blk->nsuccs; i++) {
		if ((fail == 1 && i == 0) || (fail == 0 && i == 1))
			continue; /* the registration failed there: nothing was handed over */
		visit_block(c, blk->succs[i], 0, link, NULL);
	}
}

static void visit_block(struct ctx *c, unsigned b, unsigned from, const char *link,
			const struct ir_node *call)
{
	const struct cfg_block *blk = &c->cfg->blocks[b];
	unsigned slot = b * 2 + (link != NULL);

	if (from == 0) {
		if (c->seen[slot])
			return;
		c->seen[slot] = 1;
	}
	for (unsigned i = from; i < blk->nitems; i++) {
		struct item_scan s = { c, 0, NULL, "", 0 };

		if (blk->items[i].kind == CFG_RETURN && !blk->items[i].node)
			return;
		c->link = link;
		ir_walk(blk->items[i].node, scan_item, &s);
		if (s.free_call) {
			if (c->n < c->max) {
				struct released_free *r = &c->out[c->n++];

				r->free_loc = s.free_call->loc;
				r->reg_loc = c->reg_loc;
				r->release_loc = c->rel->loc;
				r->release = c->rel->fn->name;
				r->reg_call = c->reg_call;
				snprintf(r->tagset, sizeof(r->tagset), "%s", s.text);
				snprintf(r->device, sizeof(r->device), "%s", c->dev_key);
			}
			return;
		}
		if (s.stop || blk->items[i].kind == CFG_RETURN)
			return;
		if (s.writes_link)
			link = NULL;
	}
	follow(c, b, link, call);
}

/* Where the registration is and what its result flows into. */
static void walk_from(struct ctx *c, unsigned b, unsigned i, const struct ir_node *call)
{
	const struct cfg_block *blk = &c->cfg->blocks[b];
	const struct ir_node *item = ir_strip(blk->items[i].node), *l;
	const char *link = NULL;

	if (blk->items[i].kind == CFG_RETURN)
		return;
	if (item == call) {
		/* result ignored, or the leaf condition of a branch */
		if (blk->term == CFG_TERM_BRANCH && i + 1 == blk->nitems && ir_strip(blk->cond) == call) {
			follow(c, b, NULL, call);
			return;
		}
	} else if (item->kind == IR_BINARY && item->op == CXBinaryOperator_Assign && item->nkids == 2 &&
		   ir_strip(item->kids[1]) == call && (l = ir_strip(item->kids[0])) &&
		   l->kind == IR_DECLREF && l->name) {
		link = l->name;
	} else if (item->kind == IR_DECL && item->name && item->nkids >= 1 &&
		   ir_strip(item->kids[0]) == call) {
		link = item->name;
	} else if (blk->term == CFG_TERM_BRANCH && i + 1 == blk->nitems && item == ir_strip(blk->cond) &&
		   true_is_failure(item, NULL, call) >= 0) {
		follow(c, b, NULL, call);
		return;
	} else {
		return; /* the result used otherwise: not judged */
	}
	visit_block(c, b, i + 1, link, NULL);
	c->link = NULL;
}

struct reg_find {
	const char *key;
	const struct ir_node *call;
};

static int find_registration(const struct ir_node *n, void *data)
{
	struct reg_find *r = data;
	char key[DR_TEXT_LEN];

	if (r->call)
		return 0;
	if (n->kind == IR_CALL && registered_key(n, key, sizeof(key)) && !strcmp(key, r->key)) {
		r->call = n;
		return 0;
	}
	return 1;
}

/* Every registration of the device in the function: walk on from it. */
static void from_registrations(struct ctx *c)
{
	for (unsigned b = 0; b < c->cfg->nblocks; b++) {
		const struct cfg_block *blk = &c->cfg->blocks[b];

		if (c->cfg->rpo_index[b] == (unsigned)-1)
			continue;
		for (unsigned i = 0; i < blk->nitems; i++) {
			struct reg_find r = { c->dev_key, NULL };

			ir_walk(blk->items[i].node, find_registration, &r);
			if (!r.call)
				continue;
			memset(c->seen, 0, c->cfg->nblocks * 2);
			c->reg_loc = r.call->loc;
			c->reg_call = ir_api_name(r.call);
			walk_from(c, b, i, r.call);
		}
	}
}

/* The device a call unregisters or drops the last reference of. */
static int dropped_key(const struct ir_node *call, char *buf, size_t len)
{
	const char *name = ir_api_name(call);
	const struct ir_node *arg = ir_call_arg(call, 0), *x;
	size_t used;

	if (!arg)
		return 0;
	if (!strcmp(name, "platform_device_unregister") || !strcmp(name, "platform_device_put")) {
		if ((x = addr_operand(arg))) {
			if (!ir_path_text(x, buf, len))
				return 0;
			used = strlen(buf);
			return snprintf(buf + used, len - used, ".dev") < (int)(len - used);
		}
		if (!ir_path_text(arg, buf, len))
			return 0;
		used = strlen(buf);
		return snprintf(buf + used, len - used, "->dev") < (int)(len - used);
	}
	if (!strcmp(name, "device_unregister") || !strcmp(name, "put_device")) {
		if ((x = addr_operand(arg)))
			return ir_path_text(x, buf, len);
		buf[0] = '*';
		return ir_path_text(arg, buf + 1, len - 1);
	}
	return 0;
}

struct drop_find {
	const char *key;
	int found;
};

static int find_drop(const struct ir_node *n, void *data)
{
	struct drop_find *d = data;
	char key[DR_TEXT_LEN];

	if (n->kind == IR_CALL && dropped_key(n, key, sizeof(key)) && !strcmp(key, d->key))
		d->found = 1;
	return !d->found;
}

/* Is the leaked key the tag set the release frees (as the function spells it)? */
static int key_is_released(const struct ctx *c)
{
	const char *k = c->owns_key, *r = c->rel->text;
	size_t n = strlen(c->dev_root);

	if (c->rel->global)
		return !strcmp(k, r);
	if (!n || strncmp(k, c->dev_root, n))
		return 0;
	for (k += n; *k && *r; r++) {
		if (k[0] == '-' && k[1] == '>' && *r == '.') {
			k += 2;
		} else if (*k == *r) {
			k++;
		} else {
			return 0;
		}
	}
	return !*k && !*r;
}

/* The return's block drops the device before the return. */
static void check_owned(struct ctx *c)
{
	for (unsigned b = 0; b < c->cfg->nblocks && !c->owned; b++) {
		const struct cfg_block *blk = &c->cfg->blocks[b];

		for (unsigned i = 0; i < blk->nitems; i++) {
			const struct cfg_item *it = &blk->items[i];

			if (it->kind != CFG_RETURN || !it->node || it->loc.line != c->owns_ret.line ||
			    it->loc.col != c->owns_ret.col)
				continue;
			for (unsigned j = 0; j < i && !c->owned; j++) {
				struct drop_find d = { c->dev_key, 0 };

				ir_walk(blk->items[j].node, find_drop, &d);
				c->owned = d.found;
			}
		}
	}
}

/* ------------------------------------------------ release assignments */

struct assign_scan {
	struct ctx *c;
	struct cfg cfg;
	int built;
};

static int find_release_assign(const struct ir_node *n, void *data)
{
	struct assign_scan *a = data;
	struct ctx *c = a->c;
	const struct ir_node *lhs, *rhs, *base, *root, *first;
	const struct ir_function *rel_fn;
	struct release_free rel;

	if (c->owned)
		return 0;
	if (n->kind != IR_BINARY || n->op != CXBinaryOperator_Assign || n->nkids != 2)
		return 1;
	lhs = ir_strip(n->kids[0]);
	rhs = ir_strip(n->kids[1]);
	if (rhs && addr_operand(rhs))
		rhs = addr_operand(rhs);
	if (!lhs || lhs->kind != IR_MEMBER || !lhs->name || strcmp(lhs->name, "release") ||
	    !lhs->record || strcmp(lhs->record, "c:@S@device") || lhs->nkids != 1 || !rhs ||
	    rhs->kind != IR_DECLREF || (rhs->flags & IRF_VAR) || !(rel_fn = find_fn(c->lf, rhs->name)) ||
	    !release_frees(rel_fn, &rel))
		return 0;
	base = ir_strip(lhs->kids[0]);
	if (lhs->flags & IRF_ARROW) {
		c->dev_key[0] = '*';
		if (!ir_path_text(base, c->dev_key + 1, sizeof(c->dev_key) - 1))
			return 0;
	} else if (!ir_path_text(base, c->dev_key, sizeof(c->dev_key))) {
		return 0;
	}
	root = path_root(base, &first);
	if (!rel.global && (!root || !first || !first->record || strcmp(first->record, rel.record)))
		return 0; /* the device is not a member of the struct holding the tag set */
	c->dev_root = root ? root->name : "";
	c->rel = &rel;
	if (!a->built) {
		cfg_build(c->fn, &a->cfg);
		a->built = 1;
	}
	c->cfg = &a->cfg;
	if (c->owns_key) {
		if (key_is_released(c))
			check_owned(c);
		c->rel = NULL;
		return !c->owned;
	}
	c->seen = calloc(a->cfg.nblocks * 2 + 1, 1);
	if (!c->seen)
		abort();
	from_registrations(c);
	free(c->seen);
	c->seen = NULL;
	c->rel = NULL;
	return 0;
}

size_t device_release_frees(const struct lowered_file *lf, const struct ir_function *fn,
			    struct released_free *out, size_t max)
{
	struct ctx c = { 0 };
	struct assign_scan a = { &c, { 0 }, 0 };

	c.lf = lf;
	c.fn = fn;
	c.out = out;
	c.max = max;
	if (!fn->body)
		return 0;
	c.memo = calloc(lf->nfuncs + 1, 1);
	if (!c.memo)
		abort();
	ir_walk(fn->body, find_release_assign, &a);
	if (a.built)
		cfg_free(&a.cfg);
	free(c.memo);
	return c.n;
}

int device_release_owns(const struct lowered_file *lf, const struct ir_function *fn,
			const char *tagset, struct ir_loc ret_loc)
{
	struct ctx c = { 0 };
	struct assign_scan a = { &c, { 0 }, 0 };

	c.lf = lf;
	c.fn = fn;
	c.owns_key = tagset;
	c.owns_ret = ret_loc;
	if (!fn->body || !tagset[0] || tagset[0] == '*')
		return 0;
	ir_walk(fn->body, find_release_assign, &a);
	if (a.built)
		cfg_free(&a.cfg);
	return c.owned;
}
