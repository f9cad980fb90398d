"""Checks what schemas cannot: that the Kubernetes manifests fit together and match what
sharecard serves. Run with the deployment venv's Python (it has PyYAML):

    python check_kubernetes.py deploy/kubernetes CATALOG.yaml PALETTES_DIR TEMPLATES_DIR
"""
import base64
import os
import sys

import yaml

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def load(path):
    with open(path, encoding="utf-8") as f:
        return [d for d in yaml.safe_load_all(f) if d]


def main():
    folder, catalog_path, palettes, templates = sys.argv[1:5]
    docs = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".yaml") and name != "kustomization.yaml":
            for d in load(os.path.join(folder, name)):
                docs[(d["kind"], d["metadata"]["name"])] = d
    catalog = {d["metadata"]["name"]: d for d in load(catalog_path)}
    kustomization = load(os.path.join(folder, "kustomization.yaml"))[0]
    for resource in kustomization["resources"]:
        check(os.path.exists(os.path.join(folder, resource)) or resource == "catalog.yaml", f"kustomization lists missing {resource}")

    deployment = docs[("Deployment", "sharecard")]
    pod = deployment["spec"]["template"]
    container = pod["spec"]["containers"][0]
    labels = pod["metadata"]["labels"]
    check(all(labels.get(k) == v for k, v in deployment["spec"]["selector"]["matchLabels"].items()), "selector matches the pod labels")
    for probe in ("readinessProbe", "livenessProbe"):
        check(container[probe]["httpGet"]["path"] == "/healthz", f"{probe} on /healthz")
        check(container[probe]["httpGet"]["port"] in ("http", 8080), f"{probe} port")
    annotations = pod["metadata"]["annotations"]
    check(annotations.get("prometheus.io/scrape") == "true" and annotations.get("prometheus.io/path") == "/metrics", "Prometheus scrape annotations")
    check("--port=8080" in container["args"] and "--host=0.0.0.0" in container["args"], "serve listens on 0.0.0.0:8080")
    check(container["ports"][0]["containerPort"] == 8080, "container port 8080")
    requests = container["resources"]["requests"]
    check("cpu" in requests and "memory" in requests, "CPU and memory requests (the HPA needs the CPU one)")
    check(container["securityContext"]["readOnlyRootFilesystem"] is True, "read-only root filesystem")
    check(pod["spec"]["securityContext"]["runAsNonRoot"] is True, "non-root")

    for workload in (deployment, docs[("Job", "sharecard-batch")]):
        spec = workload["spec"]["template"]["spec"]
        volumes = {v["name"]: v for v in spec["volumes"]}
        for mount in spec["containers"][0]["volumeMounts"]:
            check(mount["name"] in volumes, f"{workload['kind']}: volume {mount['name']} is defined")
        for v in volumes.values():
            if "configMap" in v:
                check(v["configMap"]["name"] in catalog, f"{workload['kind']}: ConfigMap {v['configMap']['name']} is in the catalog")
            if "persistentVolumeClaim" in v:
                claim = v["persistentVolumeClaim"]["claimName"]
                check(("PersistentVolumeClaim", claim) in docs, f"{workload['kind']}: claim {claim} has a manifest")
        args = spec["containers"][0]["args"]
        mounts = {m["mountPath"] for m in spec["containers"][0]["volumeMounts"]}
        for flag in ("--palettes=", "--templates="):
            value = next(a[len(flag):] for a in args if a.startswith(flag))
            check(value in mounts, f"{workload['kind']}: {flag}{value} is a mounted folder")

    service = docs[("Service", "sharecard")]
    check(all(labels.get(k) == v for k, v in service["spec"]["selector"].items()), "Service selects the pods")
    hpa = docs[("HorizontalPodAutoscaler", "sharecard")]
    check(hpa["spec"]["scaleTargetRef"]["name"] == "sharecard" and hpa["spec"]["scaleTargetRef"]["kind"] == "Deployment", "HPA targets the Deployment")
    check(hpa["spec"]["metrics"][0]["resource"]["name"] == "cpu", "HPA on CPU")

    job = docs[("Job", "sharecard-batch")]
    n = job["spec"]["completions"]
    args = job["spec"]["template"]["spec"]["containers"][0]["args"]
    check(job["spec"]["completionMode"] == "Indexed", "the batch Job is Indexed")
    check(job["spec"]["parallelism"] == n, "parallelism equals completions")
    check(f"--shard=$(JOB_COMPLETION_INDEX)/{n}" in args, f"--shard uses JOB_COMPLETION_INDEX out of completions ({n})")
    check(any(a.startswith("--out=") and "$(JOB_COMPLETION_INDEX)" in a for a in args), "each index writes its own folder")

    # The ConfigMaps hold exactly the files, byte for byte.
    def files(cm):
        result = {k: v.encode("utf-8") for k, v in (cm.get("data") or {}).items()}
        result.update({k: base64.b64decode(v) for k, v in (cm.get("binaryData") or {}).items()})
        return result

    def folder_files(path, suffix=None):
        return {n: open(os.path.join(path, n), "rb").read() for n in os.listdir(path)
                if os.path.isfile(os.path.join(path, n)) and (suffix is None or n.endswith(suffix))}

    check(files(catalog["sharecard-palettes"]) == folder_files(palettes, ".json"), "palettes ConfigMap equals palettes/")
    check(files(catalog["sharecard-templates"]) == folder_files(templates, ".json"), "templates ConfigMap equals templates/*.json")
    assets = os.path.join(templates, "assets")
    if os.path.isdir(assets):
        check(files(catalog["sharecard-template-assets"]) == folder_files(assets), "assets ConfigMap equals templates/assets/")

    for f in failures:
        print(f"check_kubernetes: FAIL {f}", file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"check_kubernetes: {len(docs) + len(catalog)} resources fit together")


main()
