/* A disk whose ->free_disk frees its private data: see free_disk_private.h. */
#include "free_disk_private.h"

#include "file_rules.h"
#include "owner_fields.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

#define FDP_PATH_LEN 256

struct assign_scan {
	const char *disk;   /* the disk's path */
	const char *member; /* "fops" or "private_data" */
	const struct ir_node *value;
};

/* disk->member = value */
static int assign_visit(const struct ir_node *n, void *data)
{
	struct assign_scan *s = data;
	const struct ir_node *l;
	char buf[FDP_PATH_LEN];

	if (s->value)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    (l = ir_strip(n->kids[0])) != NULL && l->kind == IR_MEMBER && l->name &&
	    !strcmp(l->name, s->member) && l->nkids == 1 &&
	    ir_path_text(l->kids[0], buf, sizeof(buf)) && !strcmp(buf, s->disk))
		s->value = ir_strip(n->kids[1]);
	return !s->value;
}

static const struct ir_node *assigned(const struct lowered_file *lf, const char *disk,
				      const char *member)
{
	struct assign_scan s = { .disk = disk, .member = member };

	for (size_t i = 0; i < lf->nfuncs && !s.value; i++)
		ir_walk(lf->funcs[i].body, assign_visit, &s);
	return s.value;
}

struct frees_scan {
	const char *param;  /* the ->free_disk's disk parameter */
	char local[FDP_PATH_LEN]; /* a local read from param->private_data */
	struct ir_loc loc;
	int hit;
};

/* param->private_data, as written */
static int is_private_of(const struct ir_node *n, const char *param)
{
	char buf[FDP_PATH_LEN];

	n = ir_strip(n);
	return n && n->kind == IR_MEMBER && n->name && !strcmp(n->name, "private_data") &&
	       n->nkids == 1 && ir_path_text(n->kids[0], buf, sizeof(buf)) &&
	       !strcmp(buf, param);
}

static int frees_visit(const struct ir_node *n, void *data)
{
	struct frees_scan *s = data;
	const struct ir_node *a;
	char buf[FDP_PATH_LEN];

	if (s->hit)
		return 0;
	if (n->kind == IR_DECL && n->name && n->nkids == 1 && is_private_of(n->kids[0], s->param))
		snprintf(s->local, sizeof(s->local), "%s", n->name);
	else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
		 is_private_of(n->kids[1], s->param) && ir_path_text(n->kids[0], buf, sizeof(buf)))
		snprintf(s->local, sizeof(s->local), "%s", buf);
	else if (n->kind == IR_CALL && (a = owner_freed_by(n)) != NULL &&
		 (is_private_of(a, s->param) ||
		  (s->local[0] && ir_path_text(a, buf, sizeof(buf)) && !strcmp(buf, s->local)))) {
		s->loc = n->loc;
		s->hit = 1;
	}
	return !s->hit;
}

int free_disk_private_of(const struct module_facts *mf, const struct lowered_file *lf,
			 const char *disk, struct free_disk_private *out)
{
	const struct ir_node *fops, *owner;
	const struct ops_slot *slot;
	char buf[FDP_PATH_LEN];
	int from = -1;

	if (!mf || !lf || !disk)
		return 0;
	fops = assigned(lf, disk, "fops");
	if (fops && fops->kind == IR_UNARY && fops->op == CXUnaryOperator_AddrOf && fops->nkids == 1)
		fops = ir_strip(fops->kids[0]);
	owner = assigned(lf, disk, "private_data");
	if (!fops || fops->kind != IR_DECLREF || !fops->name || !owner ||
	    !ir_path_text(owner, buf, sizeof(buf)))
		return 0;
	while ((slot = module_facts_slot(mf, "struct block_device_operations", "free_disk",
					 &from)) != NULL) {
		const struct ir_function *fn;
		struct frees_scan s = { 0 };
		int fi;

		if (!slot->table || strcmp(slot->table, fops->name) ||
		    (fi = module_facts_function(mf, slot->function)) < 0)
			continue;
		fn = &mf->all.funcs[fi];
		if (fn->nparams < 1 || !fn->params[0] || !fn->body)
			return 0;
		s.param = fn->params[0];
		ir_walk(fn->body, frees_visit, &s);
		if (!s.hit)
			return 0;
		out->free_disk = fn;
		out->free_loc = s.loc;
		out->owner = owner;
		return 1;
	}
	return 0;
}
