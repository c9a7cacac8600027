// SPDX-License-Identifier: GPL-2.0
/*
 * Parser for the driver profiles of the gendisk selftests.
 *
 * Grammar (a subset of POSIX sh assignments): blank lines and lines whose
 * first non-blank character is '#' are ignored; every other line is
 * KEY=VALUE where VALUE is a bare word, "a double-quoted string" or
 * 'a single-quoted string', optionally followed by a # comment.
 * Unknown keys are an error, so a typo cannot silently disable a test.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gendisk_profile.h"

#define GD_DEFAULT_PROFILE "gendisk.profile"
#define GD_DEFAULT_LOAD_CYCLES 20
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum gd_key_type { GD_KEY_STR, GD_KEY_U64, GD_KEY_UINT };

struct gd_key {
	const char *name;
	enum gd_key_type type;
	size_t offset;
	size_t size;
};

#define GD_KEY(name, type, member) \
	{ name, type, offsetof(struct gd_profile, member), \
	  sizeof(((struct gd_profile *)0)->member) }

static const struct gd_key gd_keys[] = {
	GD_KEY("MODULE", GD_KEY_STR, module),
	GD_KEY("MODULE_PATH", GD_KEY_STR, module_path),
	GD_KEY("PARAMS", GD_KEY_STR, params),
	GD_KEY("CYCLE_PARAMS", GD_KEY_STR, cycle_params),
	GD_KEY("FAULTS_PARAMS", GD_KEY_STR, faults_params),
	GD_KEY("FAULTS_BIND", GD_KEY_STR, faults_bind),
	GD_KEY("FAULTS_SETUP", GD_KEY_STR, faults_setup),
	GD_KEY("FAULTS_SETUP_PREPARE", GD_KEY_STR, faults_setup_prepare),
	GD_KEY("FAULTS_RESIZE", GD_KEY_STR, faults_resize),
	GD_KEY("FAULTS_RESIZE_PREPARE", GD_KEY_STR, faults_resize_prepare),
	GD_KEY("DISK", GD_KEY_STR, disk),
	GD_KEY("DEV", GD_KEY_STR, dev),
	GD_KEY("DISK_PREFIX", GD_KEY_STR, disk_prefix),
	GD_KEY("CAPACITY_BYTES", GD_KEY_U64, capacity_bytes),
	GD_KEY("LOGICAL_BLOCK_SIZE", GD_KEY_UINT, logical_block_size),
	GD_KEY("FEATURES", GD_KEY_STR, features),
	GD_KEY("RO_PARAMS", GD_KEY_STR, ro_params),
	GD_KEY("REMOVABLE_PARAMS", GD_KEY_STR, removable_params),
	GD_KEY("FAULT_PARAM", GD_KEY_STR, fault_param),
	GD_KEY("FAULT_POINTS", GD_KEY_STR, fault_points),
	GD_KEY("FAULT_LATE_PARAMS", GD_KEY_STR, fault_late_params),
	GD_KEY("FAULT_LATE_POINTS", GD_KEY_STR, fault_late_points),
	GD_KEY("LOAD_CYCLES", GD_KEY_UINT, load_cycles),
	GD_KEY("PARTITIONS", GD_KEY_STR, partitions),
	GD_KEY("DISCARD", GD_KEY_STR, discard),
	GD_KEY("WRITE_ZEROES", GD_KEY_STR, write_zeroes),
	GD_KEY("SECURE_ERASE", GD_KEY_STR, secure_erase),
	GD_KEY("GETGEO", GD_KEY_STR, getgeo),
	GD_KEY("ROTATIONAL", GD_KEY_STR, rotational),
	GD_KEY("RESIZE_CMD", GD_KEY_STR, resize_cmd),
	GD_KEY("RESIZE_BYTES", GD_KEY_U64, resize_bytes),
	GD_KEY("EJECT", GD_KEY_STR, eject),
	GD_KEY("INSERT", GD_KEY_STR, insert),
	GD_KEY("CONTROL_CYCLES", GD_KEY_UINT, control_cycles),
	GD_KEY("SETUP", GD_KEY_STR, setup),
	GD_KEY("TEARDOWN", GD_KEY_STR, teardown),
	GD_KEY("QUEUE_MODEL", GD_KEY_STR, queue_model),
	GD_KEY("HOTPLUG", GD_KEY_STR, hotplug),
	GD_KEY("RESIZE", GD_KEY_STR, resize),
	GD_KEY("QMP_DEVICE", GD_KEY_STR, qmp_device),
	GD_KEY("QMP_NODE", GD_KEY_STR, qmp_node),
	GD_KEY("SURPRISE_REMOVE", GD_KEY_STR, surprise_remove),
};

/* Split "KEY=VALUE # comment" into key and unquoted value, in place. */
static int gd_split_line(char *line, char **key, char **value)
{
	char *eq, *v, *end;

	eq = strchr(line, '=');
	if (!eq || eq == line)
		return -1;
	*eq = '\0';
	*key = line;
	for (end = line; *end; end++)
		if (!isalnum((unsigned char)*end) && *end != '_')
			return -1;

	v = eq + 1;
	if (*v == '"' || *v == '\'') {
		end = strchr(v + 1, *v);
		if (!end)
			return -1;
		*end++ = '\0';
		v++;
	} else {
		end = v;
		while (*end && !isspace((unsigned char)*end))
			end++;
		if (*end)
			*end++ = '\0';
	}
	while (isspace((unsigned char)*end))
		end++;
	if (*end && *end != '#')
		return -1;	/* trailing garbage: not a plain assignment */
	*value = v;
	return 0;
}

static int gd_store(struct gd_profile *p, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(gd_keys); i++) {
		const struct gd_key *k = &gd_keys[i];
		char *field = (char *)p + k->offset;
		unsigned long long n;
		char *end;

		if (strcmp(k->name, key))
			continue;
		if (k->type == GD_KEY_STR) {
			size_t len = strlen(value);

			if (len >= k->size)
				return -1;
			memcpy(field, value, len + 1);
			return 0;
		}
		errno = 0;
		n = strtoull(value, &end, 0);
		if (errno || end == value || *end)
			return -1;
		if (k->type == GD_KEY_U64) {
			*(uint64_t *)field = n;
			return 0;
		}
		if (n > 0xffffffffULL)
			return -1;
		*(unsigned int *)field = n;
		return 0;
	}
	return -1;
}

/* Values a claim key may take; "" (unset) is always allowed. */
static const struct {
	const char *name;
	size_t offset;
	const char *allowed;
} gd_claims[] = {
	{ "PARTITIONS", offsetof(struct gd_profile, partitions), "yes no" },
	{ "DISCARD", offsetof(struct gd_profile, discard), "yes no zeroes" },
	{ "WRITE_ZEROES", offsetof(struct gd_profile, write_zeroes), "yes no" },
	{ "SECURE_ERASE", offsetof(struct gd_profile, secure_erase), "yes no" },
	{ "GETGEO", offsetof(struct gd_profile, getgeo), "yes no" },
	{ "ROTATIONAL", offsetof(struct gd_profile, rotational), "0 1" },
};

static int gd_check_claims(const struct gd_profile *p, char *err,
			   size_t errlen)
{
	char word[GD_NAME_MAX];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(gd_claims); i++) {
		const char *v = (const char *)p + gd_claims[i].offset;
		unsigned int w;
		bool ok = !v[0];

		for (w = 0; !ok && gd_word_at(gd_claims[i].allowed, w, word,
					      sizeof(word)); w++)
			ok = !strcmp(v, word);
		if (!ok) {
			snprintf(err, errlen, "%s: %s is one of '%s', not '%s'",
				 p->path, gd_claims[i].name,
				 gd_claims[i].allowed, v);
			return -1;
		}
	}
	return 0;
}

int gd_profile_parse(struct gd_profile *p, const char *path,
		     char *err, size_t errlen)
{
	char line[GD_CMD_MAX + 64];
	unsigned int lineno = 0;
	FILE *f;

	memset(p, 0, sizeof(*p));
	p->load_cycles = GD_DEFAULT_LOAD_CYCLES;
	snprintf(p->path, sizeof(p->path), "%s", path);

	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot open profile %s: %s",
			 path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *s = line, *key, *value;

		lineno++;
		s[strcspn(s, "\n")] = '\0';
		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '#')
			continue;
		if (gd_split_line(s, &key, &value) || gd_store(p, key, value)) {
			snprintf(err, errlen, "%s:%u: bad or unknown assignment",
				 path, lineno);
			fclose(f);
			return -1;
		}
	}
	fclose(f);

	if (!p->module[0] || !p->disk[0]) {
		snprintf(err, errlen, "%s: MODULE and DISK are required", path);
		return -1;
	}
	if (!p->dev[0])
		snprintf(p->dev, sizeof(p->dev), "/dev/%s", p->disk);
	if (!p->disk_prefix[0]) {
		size_t n = strlen(p->disk);

		while (n > 1 && isdigit((unsigned char)p->disk[n - 1]))
			n--;
		snprintf(p->disk_prefix, sizeof(p->disk_prefix), "%.*s",
			 (int)n, p->disk);
	}
	if (!p->fault_late_points[0])
		memcpy(p->fault_late_points, p->fault_points,
		       sizeof(p->fault_late_points));
	if (gd_check_claims(p, err, errlen))
		return -1;
	if ((p->resize_cmd[0] || p->faults_resize[0]) && !p->resize_bytes) {
		snprintf(err, errlen,
			 "%s: RESIZE_CMD and FAULTS_RESIZE need RESIZE_BYTES",
			 path);
		return -1;
	}
	if (p->queue_model[0] && strcmp(p->queue_model, "bio") &&
	    strcmp(p->queue_model, "mq")) {
		snprintf(err, errlen, "%s: QUEUE_MODEL is bio or mq, not '%s'",
			 path, p->queue_model);
		return -1;
	}
	if ((p->hotplug[0] && strcmp(p->hotplug, "qmp")) ||
	    (p->resize[0] && strcmp(p->resize, "qmp"))) {
		snprintf(err, errlen, "%s: HOTPLUG and RESIZE are qmp or unset",
			 path);
		return -1;
	}
	if (p->surprise_remove[0] &&
	    (strcmp(p->surprise_remove, "virtio_break") || !p->hotplug[0])) {
		snprintf(err, errlen,
			 "%s: SURPRISE_REMOVE is virtio_break (with HOTPLUG=qmp) or unset",
			 path);
		return -1;
	}
	if ((p->hotplug[0] || p->resize[0]) &&
	    (!p->qmp_device[0] || !p->qmp_node[0])) {
		snprintf(err, errlen,
			 "%s: HOTPLUG/RESIZE=qmp need QMP_DEVICE and QMP_NODE",
			 path);
		return -1;
	}
	if (!p->module_path[0])
		snprintf(p->module_path, sizeof(p->module_path),
			 "/lib/modules/extra/%s.ko", p->module);
	/*
	 * The kernel names a module with '_' where its file has '-'
	 * (KBUILD_MODNAME): /sys/module and delete_module(2) know only that
	 * name, and a "my-drv" never found loaded would be loaded twice.
	 */
	for (char *c = p->module; *c; c++)
		if (*c == '-')
			*c = '_';
	return 0;
}

int gd_profile_load(struct gd_profile *p, char *err, size_t errlen)
{
	const char *path = getenv("GENDISK_PROFILE");

	return gd_profile_parse(p, path && *path ? path : GD_DEFAULT_PROFILE,
				err, errlen);
}

bool gd_word_at(const char *list, unsigned int index, char *out, size_t len)
{
	const char *s = list;

	for (;;) {
		size_t n;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			return false;
		n = strcspn(s, " \t");
		if (index-- == 0) {
			snprintf(out, len, "%.*s", (int)n, s);
			return true;
		}
		s += n;
	}
}

int gd_profile_claim(const char *value)
{
	if (!value[0])
		return -1;
	return strcmp(value, "no") != 0;
}

bool gd_profile_has(const struct gd_profile *p, const char *feature)
{
	char word[GD_STR_MAX];
	unsigned int i;

	for (i = 0; gd_word_at(p->features, i, word, sizeof(word)); i++)
		if (!strcmp(word, feature))
			return true;
	return false;
}
