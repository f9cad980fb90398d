#include "sc_faces_loader.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sc_dynamic_library.h"

static sc_dl_once plugin_once = SC_DL_ONCE_INIT;
static sc_faces_plugin plugin;
static size_t (*options_size)(void);

/* Refuses a plug-in built from another sc_faces.h (its options struct has another size). */
static int same_interface(const char *path, char *why, size_t why_size) {
    (void)path;
    if (options_size() == sizeof(sc_faces_options)) return 1;
    snprintf(why, why_size, "built from another version of sc_faces.h");
    return 0;
}

const sc_faces_plugin *sc_faces_plugin_load(char *err, size_t err_size) {
    if (err && err_size > 0) err[0] = '\0';
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) {
        if (err && err_size > 0) snprintf(err, err_size, SC_FACES_PLUGIN_FILE " not loaded: the executable's path is unknown");
        return NULL;
    }
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash) *slash = '\0';
    const char *folder = slash ? executable : ".";
    /* Beside the executable, then an install's library folder. */
    char beside[PATH_MAX + 64], installed[PATH_MAX + 64];
    int a = snprintf(beside, sizeof beside, "%s/%s", folder, SC_FACES_PLUGIN_FILE);
    int b = snprintf(installed, sizeof installed, "%s/../lib/sharecard/%s", folder, SC_FACES_PLUGIN_FILE);
    if (a < 0 || (size_t)a >= sizeof beside || b < 0 || (size_t)b >= sizeof installed) {
        if (err && err_size > 0) snprintf(err, err_size, SC_FACES_PLUGIN_FILE " not loaded: the executable's path is too long");
        return NULL;
    }
    const char *const candidates[] = {beside, installed};
    const sc_dl_symbol symbols[] = {
        {(void **)&options_size, "sc_faces_options_size"},
        {(void **)&plugin.detector_create, "sc_faces_detector_create"},
        {(void **)&plugin.detector_destroy, "sc_faces_detector_destroy"},
        {(void **)&plugin.detect, "sc_faces_detect"},
        {(void **)&plugin.detector_pool, "sc_faces_detector_pool"},
        {(void **)&plugin.cascade_search, "sc_faces_cascade_search"},
        {(void **)&plugin.area_downscale, "sc_faces_area_downscale"},
        {(void **)&plugin.cascade_readers_agree, "sc_faces_cascade_readers_agree"},
        {(void **)&plugin.group_rectangles, "sc_faces_group_rectangles"},
    };
    if (sc_dl_open_once(&plugin_once, candidates, 2, symbols, sizeof symbols / sizeof symbols[0], same_interface, err,
                        err_size) != 0) {
        return NULL;
    }
    return &plugin;
}
