#include "sc_faces_loader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static sc_faces_plugin plugin;
static int loaded;
static char load_error[2048];

/* Opens `path` and fills `plugin`; on failure appends "path: why" to load_error. */
static int open_plugin(const char *path) {
    size_t used = strlen(load_error);
    char *why = load_error + used;
    size_t room = sizeof load_error - used;
    if (used > 0 && room > 2) {
        snprintf(why, room, "; ");
        why += 2;
        room -= 2;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *message = dlerror();
        snprintf(why, room, "%s", message ? message : path);
        return 0;
    }
    size_t (*options_size)(void) = (size_t (*)(void))dlsym(handle, "sc_faces_options_size");
    if (!options_size || options_size() != sizeof(sc_faces_options)) {
        snprintf(why, room, "%s: built from another version of sc_faces.h", path);
        dlclose(handle);
        return 0;
    }
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&plugin.detector_create, "sc_faces_detector_create"},
        {(void **)&plugin.detector_destroy, "sc_faces_detector_destroy"},
        {(void **)&plugin.detect, "sc_faces_detect"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (!*symbols[i].slot) {
            snprintf(why, room, "%s has no %s", path, symbols[i].name);
            dlclose(handle);
            return 0;
        }
    }
    return 1; /* the handle stays open for the life of the process */
}

static void load(void) {
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) {
        snprintf(load_error, sizeof load_error, SC_FACES_PLUGIN_FILE " not loaded: the executable's path is unknown");
        return;
    }
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash) *slash = '\0';
    const char *folder = slash ? executable : ".";
    char path[PATH_MAX + 64];
    int written = snprintf(path, sizeof path, "%s/%s", folder, SC_FACES_PLUGIN_FILE);
    if (written > 0 && (size_t)written < sizeof path) loaded = open_plugin(path);
    written = snprintf(path, sizeof path, "%s/../lib/sharecard/%s", folder, SC_FACES_PLUGIN_FILE);
    if (!loaded && written > 0 && (size_t)written < sizeof path) loaded = open_plugin(path);
}

const sc_faces_plugin *sc_faces_plugin_load(char *err, size_t err_size) {
    pthread_once(&load_once, load);
    if (loaded) return &plugin;
    if (err && err_size > 0) snprintf(err, err_size, "%s", load_error);
    return NULL;
}
