// simdjson On-Demand reading the fields ByteTimelineReader reads, for scripts/bench-json.
// Not part of the Swift package: scripts/bench-json builds it with g++ when Debian's
// libsimdjson-dev is installed. Prints the best MB/s (decimal, of input, per second of this
// thread's CPU time, as ReaderWriterBench measures) of ROUNDS rounds (three unless given) of
// SECONDS / ROUNDS each. ReaderWriterBench runs it with `--rounds 1` between its own rounds.
//
//   ondemand_bench [--rounds ROUNDS] SECONDS FILE...
#include <simdjson.h>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace simdjson;

static size_t sink = 0;

static void read_media(ondemand::object status, bool read_retweet);

static void read_variant(ondemand::object variant) {
    for (auto field : variant) {
        std::string_view key = field.unescaped_key();
        ondemand::value value = field.value();
        if (key == "url" || key == "type") {
            std::string_view text;
            if (value.get_string().get(text) == SUCCESS) sink += text.size();
        } else if (key == "width" || key == "height") {
            double number;
            if (value.get_double().get(number) == SUCCESS) {
                sink += size_t(number);
            } else if (value.get_double_in_string().get(number) == SUCCESS) {
                sink += size_t(number);
            }
        }
    }
}

static void read_media(ondemand::object status, bool read_retweet) {
    for (auto field : status) {
        std::string_view key = field.unescaped_key();
        ondemand::value value = field.value();
        if (key == "idstr" || key == "thumbnail_pic") {
            std::string_view text;
            if (value.get_string().get(text) == SUCCESS) sink += text.size();
        } else if (key == "id") {
            std::string_view raw = value.raw_json_token();
            sink += raw.size();
        } else if (key == "pic_urls") {
            ondemand::array urls;
            if (value.get_array().get(urls) != SUCCESS) continue;
            for (auto entry : urls) {
                ondemand::object object;
                if (entry.get_object().get(object) != SUCCESS) continue;
                std::string_view url;
                if (object["thumbnail_pic"].get_string().get(url) == SUCCESS) sink += url.size();
            }
        } else if (key == "pic_ids") {
            ondemand::array ids;
            if (value.get_array().get(ids) != SUCCESS) continue;
            for (auto id : ids) {
                std::string_view text;
                if (id.get_string().get(text) == SUCCESS) sink += text.size();
            }
        } else if (key == "pic_infos") {
            ondemand::object infos;
            if (value.get_object().get(infos) != SUCCESS) continue;
            for (auto info : infos) {
                sink += info.unescaped_key().value().size();
                ondemand::object object;
                if (info.value().get_object().get(object) != SUCCESS) continue;
                for (auto part : object) {
                    std::string_view name = part.unescaped_key();
                    ondemand::value inner = part.value();
                    ondemand::object variant;
                    if (name == "type") {
                        std::string_view text;
                        if (inner.get_string().get(text) == SUCCESS) sink += text.size();
                    } else if (name == "keep_size") {
                        bool flag;
                        if (inner.get_bool().get(flag) == SUCCESS) sink += flag;
                    } else if (inner.get_object().get(variant) == SUCCESS) {
                        read_variant(variant);
                    }
                }
            }
        } else if (key == "retweeted_status" && read_retweet) {
            ondemand::object retweet;
            if (value.get_object().get(retweet) == SUCCESS) read_media(retweet, false);
        }
    }
}

static bool read_document(ondemand::parser &parser, const padded_string &json) {
    ondemand::document doc;
    if (parser.iterate(json).get(doc) != SUCCESS) return false;
    ondemand::array statuses;
    ondemand::object top;
    if (doc.get_object().get(top) != SUCCESS) return false;
    if (top["statuses"].get_array().get(statuses) != SUCCESS) return false;
    for (auto element : statuses) {
        ondemand::object status;
        if (element.get_object().get(status) != SUCCESS) return false;
        read_media(status, true);
    }
    return true;
}

static double cpu_seconds() {
    timespec time;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int rounds = 3;
    int first = 1;
    if (argc > 2 && std::string(argv[1]) == "--rounds") {
        rounds = std::max(1, std::atoi(argv[2]));
        first = 3;
    }
    if (argc < first + 2) {
        std::fprintf(stderr, "usage: %s [--rounds ROUNDS] SECONDS FILE...\n", argv[0]);
        return 2;
    }
    double seconds = std::atof(argv[first]);
    std::vector<padded_string> documents;
    size_t total = 0;
    for (int i = first + 1; i < argc; i++) {
        padded_string json;
        if (padded_string::load(argv[i]).get(json) != SUCCESS) return 1;
        total += json.size();
        documents.push_back(std::move(json));
    }
    ondemand::parser parser;
    double best = 0;
    for (int round = 0; round < rounds; round++) {
        size_t handled = 0;
        double start = cpu_seconds();
        double elapsed = 0;
        do {
            for (auto &json : documents) {
                if (!read_document(parser, json)) return 1;
            }
            handled += total;
            elapsed = cpu_seconds() - start;
        } while (elapsed < seconds / rounds);
        best = std::max(best, handled / elapsed / 1e6);
    }
    std::printf("%.1f\n", best);
    std::fprintf(stderr, "(checksum %zu)\n", sink);
    return 0;
}
