// Generated from the rules crate's catalogue by `scripts/generate-wire-types`
// (crates/server/src/wire_types.rs). Do not edit by hand.

/** @type {import('./wire').Catalog} */
export const CATALOG = {
  "games": [
    {
      "game": "renju",
      "sizes": [
        15
      ],
      "openings": [
        {
          "opening": "free",
          "rules_page": "renju",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "rif",
          "rules_page": "renju-rif",
          "declare_max": null,
          "colors_by_swap": true
        },
        {
          "opening": "yamaguchi",
          "rules_page": "renju-yamaguchi",
          "declare_max": 10,
          "colors_by_swap": true
        },
        {
          "opening": "taraguchi10",
          "rules_page": "renju-taraguchi10",
          "declare_max": null,
          "colors_by_swap": true
        },
        {
          "opening": "soosorv8",
          "rules_page": "renju-soosorv8",
          "declare_max": 8,
          "colors_by_swap": true
        }
      ],
      "rules_page": "renju",
      "first_color": "black",
      "forbidden_moves": true,
      "capture_goal": null,
      "keryo_capture_goal": null
    },
    {
      "game": "freestyle",
      "sizes": [
        15,
        19
      ],
      "openings": [
        {
          "opening": "free",
          "rules_page": "freestyle",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "pro",
          "rules_page": "gomoku-pro",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "long-pro",
          "rules_page": "gomoku-long-pro",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "swap1",
          "rules_page": "gomoku-swap1",
          "declare_max": null,
          "colors_by_swap": true
        },
        {
          "opening": "swap2",
          "rules_page": "gomoku-swap2",
          "declare_max": null,
          "colors_by_swap": true
        }
      ],
      "rules_page": "freestyle",
      "first_color": "black",
      "forbidden_moves": false,
      "capture_goal": null,
      "keryo_capture_goal": null
    },
    {
      "game": "standard",
      "sizes": [
        15,
        19
      ],
      "openings": [
        {
          "opening": "free",
          "rules_page": "standard",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "pro",
          "rules_page": "gomoku-pro",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "long-pro",
          "rules_page": "gomoku-long-pro",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "swap1",
          "rules_page": "gomoku-swap1",
          "declare_max": null,
          "colors_by_swap": true
        },
        {
          "opening": "swap2",
          "rules_page": "gomoku-swap2",
          "declare_max": null,
          "colors_by_swap": true
        }
      ],
      "rules_page": "standard",
      "first_color": "black",
      "forbidden_moves": false,
      "capture_goal": null,
      "keryo_capture_goal": null
    },
    {
      "game": "caro",
      "sizes": [
        19
      ],
      "openings": [
        {
          "opening": "swap2",
          "rules_page": "caro-swap2",
          "declare_max": null,
          "colors_by_swap": true
        },
        {
          "opening": "free",
          "rules_page": "caro",
          "declare_max": null,
          "colors_by_swap": false
        }
      ],
      "rules_page": "caro",
      "first_color": "black",
      "forbidden_moves": false,
      "capture_goal": null,
      "keryo_capture_goal": null
    },
    {
      "game": "pente",
      "sizes": [
        19
      ],
      "openings": [
        {
          "opening": "tournament",
          "rules_page": "pente-tournament",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "free",
          "rules_page": "pente",
          "declare_max": null,
          "colors_by_swap": false
        },
        {
          "opening": "swap2",
          "rules_page": "pente-swap2",
          "declare_max": null,
          "colors_by_swap": true
        }
      ],
      "rules_page": "pente",
      "first_color": "white",
      "forbidden_moves": false,
      "capture_goal": 10,
      "keryo_capture_goal": 15
    }
  ],
  "foul_policies": [
    "loses",
    "refused"
  ]
};
