from boardapp.cli import main

raise SystemExit(main())
