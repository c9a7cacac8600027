/* Arena and small queries on the lowered syntax tree. */
#include "ir.h"

#include "string_list.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE (64 * 1024)

struct ir_arena_chunk {
	struct ir_arena_chunk *next;
	size_t used;
	size_t size;
	_Alignas(16) unsigned char data[];
};

void *ir_alloc(struct ir_arena *arena, size_t n)
{
	struct ir_arena_chunk *c = arena->chunks;

	n = (n + 15) & ~(size_t)15;
	if (!c || c->size - c->used < n) {
		size_t size = n > CHUNK_SIZE ? n : CHUNK_SIZE;

		c = xmalloc(sizeof(*c) + size);
		c->size = size;
		c->used = 0;
		c->next = arena->chunks;
		arena->chunks = c;
	}
	c->used += n;
	return memset(c->data + c->used - n, 0, n);
}

const char *ir_strdup(struct ir_arena *arena, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(ir_alloc(arena, n), s, n);
}

void ir_arena_free(struct ir_arena *arena)
{
	while (arena->chunks) {
		struct ir_arena_chunk *next = arena->chunks->next;

		free(arena->chunks);
		arena->chunks = next;
	}
}

const struct ir_node *ir_strip(const struct ir_node *n)
{
	while (n) {
		if (n->kind == IR_CALL && n->name && strcmp(n->name, "__builtin_expect") == 0 &&
		    n->nkids >= 2) {
			n = n->kids[1];
			continue;
		}
		if (n->kind == IR_UNARY && n->op == CXUnaryOperator_LNot && n->nkids == 1) {
			const struct ir_node *k = n->kids[0];

			if (k->kind == IR_UNARY && k->op == CXUnaryOperator_LNot && k->nkids == 1) {
				n = k->kids[0];
				continue;
			}
		}
		if (n->kind == IR_UNARY && n->op == CXUnaryOperator_Extension && n->nkids == 1) {
			n = n->kids[0];
			continue;
		}
		if (n->kind == IR_STMTEXPR && n->nkids == 1 && n->kids[0]->kind == IR_COMPOUND &&
		    n->kids[0]->nkids > 0) {
			/* value of ({ ...; x; }) is x */
			const struct ir_node *last = n->kids[0]->kids[n->kids[0]->nkids - 1];

			if (last->kind != IR_DECL && last->kind != IR_COMPOUND && last->kind != IR_IF) {
				n = last;
				continue;
			}
		}
		break;
	}
	return n;
}

static const char *const macro_wrapped[] = {
	"__blk_alloc_disk", "__blk_mq_alloc_disk", "__alloc_disk_node",
	"__blk_mq_alloc_disk_for_queue", NULL,
};

int ir_macro_wrapped(const char *name)
{
	for (const char *const *m = macro_wrapped; *m; m++)
		if (strcmp(name, *m) == 0)
			return 1;
	return 0;
}

const char *ir_call_name(const struct ir_node *call)
{
	if (!call->name)
		return "";
	if (call->flags & IRF_MACRO_WRAPPED)
		return call->name + 2;
	return call->name;
}

const char *ir_api_name(const struct ir_node *call)
{
	if (call->flags & IRF_CALLEE_DRIVER)
		return "";
	return ir_call_name(call);
}

unsigned ir_call_nargs(const struct ir_node *call)
{
	return call->nkids ? call->nkids - 1 : 0;
}

const struct ir_node *ir_call_arg(const struct ir_node *call, unsigned i)
{
	return i + 1 < call->nkids ? ir_strip(call->kids[i + 1]) : NULL;
}

int ir_mentions_var(const struct ir_node *n, const char *name)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_DECLREF && n->name && strcmp(n->name, name) == 0)
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (ir_mentions_var(n->kids[i], name))
			return 1;
	return 0;
}
