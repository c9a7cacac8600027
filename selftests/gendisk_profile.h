/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A driver profile tells the gendisk selftests which module to load, with
 * which parameters, which disk it creates and which optional features it
 * claims.  It is a small key=value file that a POSIX shell could source;
 * only that subset is understood here (no expansions, no escapes).
 */
#ifndef GENDISK_PROFILE_H
#define GENDISK_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GD_STR_MAX 256
#define GD_NAME_MAX 64		/* module and disk names */
#define GD_CMD_MAX 1024		/* SETUP and TEARDOWN commands */

struct gd_profile {
	char path[GD_STR_MAX];		/* where the profile was read from */
	char module[GD_NAME_MAX];	/* MODULE: name in /sys/module */
	char module_path[GD_STR_MAX];	/* MODULE_PATH: .ko in the guest */
	char params[GD_STR_MAX];	/* PARAMS: normal load */
	char cycle_params[GD_STR_MAX];	/* CYCLE_PARAMS: cheap load */
	char faults_params[GD_STR_MAX];	/* FAULTS_PARAMS: gendisk_faults */
	char faults_bind[GD_STR_MAX];	/* FAULTS_BIND: "BUS DRIVER" */
	/*
	 * gendisk_faults' setup_fail_nth and resize_fail_nth: the create
	 * step after a load and the resize of the live disk as steps that
	 * the sweeping task runs itself, no shell ("VERB ARGS; ...": mkdir,
	 * rmdir, write, read, exec; gendisk_steps.h), each after an unarmed
	 * sh command (_PREPARE: e.g. a backing file).  Unset: those sweeps
	 * SKIP.  FAULTS_RESIZE ends at RESIZE_BYTES.
	 */
	char faults_setup[GD_CMD_MAX];		/* FAULTS_SETUP */
	char faults_setup_prepare[GD_CMD_MAX];	/* FAULTS_SETUP_PREPARE */
	char faults_resize[GD_CMD_MAX];		/* FAULTS_RESIZE */
	char faults_resize_prepare[GD_CMD_MAX];	/* FAULTS_RESIZE_PREPARE */
	char disk[GD_NAME_MAX];		/* DISK: name in /sys/block */
	char dev[GD_STR_MAX];		/* DEV: node, default /dev/DISK */
	char disk_prefix[GD_NAME_MAX];	/* DISK_PREFIX: leftover check */
	uint64_t capacity_bytes;	/* CAPACITY_BYTES: 0 = unchecked */
	unsigned int logical_block_size;/* LOGICAL_BLOCK_SIZE: 0 = unchecked */
	char features[GD_STR_MAX];	/* FEATURES: space separated */
	char ro_params[GD_STR_MAX];	/* RO_PARAMS */
	char removable_params[GD_STR_MAX];	/* REMOVABLE_PARAMS */
	char fault_param[GD_STR_MAX];	/* FAULT_PARAM: e.g. fail_at */
	char fault_points[GD_STR_MAX];	/* FAULT_POINTS: POINT[:OUTCOME] ... */
	char fault_late_params[GD_STR_MAX];	/* FAULT_LATE_PARAMS */
	char fault_late_points[GD_STR_MAX];	/* FAULT_LATE_POINTS */
	unsigned int load_cycles;	/* LOAD_CYCLES: default 20 */
	/* Claims of the issue-6 tests: "" (unset: SKIP), yes or no. */
	char partitions[GD_NAME_MAX];	/* PARTITIONS: BLKRRPART scans */
	char discard[GD_NAME_MAX];	/* DISCARD: no, yes or zeroes */
	char write_zeroes[GD_NAME_MAX];	/* WRITE_ZEROES: REQ_OP_WRITE_ZEROES */
	char secure_erase[GD_NAME_MAX];	/* SECURE_ERASE: BLKSECDISCARD */
	char getgeo[GD_NAME_MAX];	/* GETGEO: HDIO_GETGEO answers */
	char rotational[GD_NAME_MAX];	/* ROTATIONAL: 0, 1 or unset */
	char resize_cmd[GD_CMD_MAX];	/* RESIZE_CMD: sh, resizes the disk */
	uint64_t resize_bytes;		/* RESIZE_BYTES: size after it */
	char eject[GD_CMD_MAX];		/* EJECT: sh, removes the medium */
	char insert[GD_CMD_MAX];	/* INSERT: sh, puts it back */
	unsigned int control_cycles;	/* CONTROL_CYCLES: TEARDOWN/SETUP */
	char setup[GD_CMD_MAX];		/* SETUP: sh command after a load */
	char teardown[GD_CMD_MAX];	/* TEARDOWN: sh command before unload */
	char queue_model[GD_NAME_MAX];	/* QUEUE_MODEL: bio, mq or unset */
	char hotplug[GD_NAME_MAX];	/* HOTPLUG: qmp or unset */
	char resize[GD_NAME_MAX];	/* RESIZE: qmp or unset */
	char qmp_device[GD_NAME_MAX];	/* QMP_DEVICE: QEMU device id */
	char qmp_node[GD_NAME_MAX];	/* QMP_NODE: its block node */
	char surprise_remove[GD_NAME_MAX];	/* SURPRISE_REMOVE: virtio_break */
};

/*
 * Read the profile named by $GENDISK_PROFILE (default "gendisk.profile" in
 * the current directory).  Returns 0, or -1 with a reason in @err.
 */
int gd_profile_load(struct gd_profile *p, char *err, size_t errlen);

/* Parse one profile file; same return convention. */
int gd_profile_parse(struct gd_profile *p, const char *path,
		     char *err, size_t errlen);

/*
 * A yes/no claim (PARTITIONS, WRITE_ZEROES, ...): 1 for "yes" (and for
 * DISCARD's "zeroes"), 0 for "no", -1 when the profile leaves it unset.
 */
int gd_profile_claim(const char *value);

/* True when FEATURES lists @feature as a whole word. */
bool gd_profile_has(const struct gd_profile *p, const char *feature);

/*
 * The @index-th word of a space-separated list, copied into @out.
 * Returns false past the end.
 */
bool gd_word_at(const char *list, unsigned int index, char *out, size_t len);

#endif /* GENDISK_PROFILE_H */
