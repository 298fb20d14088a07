# Слова сервісу: назви й пояснення помилок. Українська.
problem-bad-request = Некоректний запит
problem-unauthorized = Немає доступу
problem-invalid-stream-ticket = Недійсний квиток трансляції
problem-choose-seat = Оберіть місце
problem-not-your-seat = Це не ваше місце
problem-not-invited = Немає запрошення
problem-not-at-table = Ви не за цим столом
problem-chat-closed = Чат закрито
problem-not-your-challenge = Це не ваш виклик
problem-challenge-answered = На виклик уже відповіли
problem-not-your-turn = Зараз не ваш хід
problem-not-found = Не знайдено
problem-method-not-allowed = Метод не дозволено
problem-stale-version = Застаріла версія
problem-seat-taken = Місце зайняте
problem-game-not-over = Гра ще не закінчилася
problem-body-too-large = Запит завеликий
problem-body-timeout = Час запиту вичерпано
problem-unsupported-media-type = Непідтримуваний тип даних
problem-range-not-satisfiable = Запитаний діапазон недоступний
problem-invalid-request = Запит неможливо обробити
problem-illegal-move = Недозволений хід
problem-bad-options = Неправильні налаштування
problem-idempotency-key-reused = Ключ ідемпотентності вже використано
problem-version-not-reached = Версію ще не досягнуто
problem-invalid-bot-key = Недійсний ключ бота
problem-not-your-bot = Це не ваш бот
problem-bot-name-taken = Ім'я бота вже зайняте
problem-url-not-allowed = Адресу не дозволено
problem-bot-did-not-answer = Бот не відповів
problem-rate-limited = Забагато запитів
problem-too-many-bot-games = Забагато ігор ботів
problem-too-many-search-games = Забагато ігор із ботами, що думають
problem-too-many-connections = Забагато з'єднань
problem-too-many-streams = Забагато трансляцій
problem-push-endpoint-not-allowed = Недозволена адреса push
problem-too-many-push-subscriptions = Забагато push-підписок
problem-bot-suspended = Бота призупинено
problem-hook-url-not-allowed = Адресу вебхука сповіщень не дозволено
problem-too-many-notification-hooks = Забагато вебхуків сповіщень
problem-player-required = Потрібен гравець
problem-internal-error = Внутрішня помилка сервера
problem-busy = Сервер зайнятий
problem-redis-unavailable = Redis недоступний
problem-streams-full = Забагато трансляцій
problem-no-rematch = Немає реваншу
problem-too-many-queues = Забагато черг
problem-on-vacation = У відпустці
problem-no-vacation-days = Немає днів відпустки
problem-not-on-vacation = Не у відпустці
problem-no-hint = Немає підказки

## What each kind of problem means for the client: the detail of a problem in another language than
## English (the English detail, specific to the request, goes in detail_en).

problem-bad-request-detail = Запит не вдалося прочитати (тіло, заголовок чи параметр); виправте його, перш ніж надсилати знову.
problem-unauthorized-detail = Запит потребує дійсного токена: надішліть токен місця або гравця.
problem-invalid-stream-ticket-detail = Квиток трансляції невідомий, уже використаний або прострочений: отримайте новий і відкрийте трансляцію знову.
problem-choose-seat-detail = У вас кілька місць у цій грі: укажіть, від імені якого місця цей запит.
problem-not-your-seat-detail = Це місце не ваше: дійте лише від імені своїх місць.
problem-not-invited-detail = Цей стіл приватний: займіть місце за запрошенням або місце, залишене для вас.
problem-not-at-table-detail = Запрошувати на місця гри може лише її творець або гравець, що сидить у ній.
problem-chat-closed-detail = За цим столом глядачі не можуть писати в чат.
problem-not-your-challenge-detail = Не вам відповідати на цей виклик.
problem-challenge-answered-detail = На цей виклик уже відповіли.
problem-not-your-turn-detail = Ваше місце зараз не може ходити: дочекайтеся своєї черги.
problem-not-found-detail = Того, що вказано в запиті, не існує.
problem-method-not-allowed-detail = Ця адреса не приймає цей метод; заголовок Allow перелічує ті, що приймає.
problem-stale-version-detail = Гра змінилася відтоді, як ви її переглядали: прочитайте її знову й вирішіть заново. Нічого не зроблено.
problem-seat-taken-detail = Це місце зайняте: займіть інше вільне місце або спостерігайте за грою.
problem-game-not-over-detail = Перевірка гри відкривається лише після її завершення.
problem-body-too-large-detail = Тіло запиту завелике; надішліть менше.
problem-body-timeout-detail = Тіло запиту не надійшло вчасно. Нічого не зроблено; спробуйте ще раз.
problem-unsupported-media-type-detail = Тіло треба надсилати як JSON (Content-Type: application/json). Нічого не зроблено.
problem-range-not-satisfiable-detail = Файл не має байтів, яких просить заголовок Range.
problem-invalid-request-detail = Запит не відповідає схемі: поля, які треба виправити, наведено в 'errors'.
problem-illegal-move-detail = Правила гри не дозволяють цей хід. Нічого не зроблено.
problem-bad-options-detail = Сервер не приймає таких налаштувань нової гри: 'option' вказує хибне.
problem-idempotency-key-reused-detail = Цей Idempotency-Key уже використано для іншої команди; давайте кожній команді новий ключ.
problem-version-not-reached-detail = Гра ще не досягла цієї версії; 'version' — її поточна версія.
problem-invalid-bot-key-detail = Ключа бота немає або він хибний: надішліть ключ, отриманий під час реєстрації.
problem-not-your-bot-detail = Цей бот належить іншому гравцеві: змінити чи вилучити його може лише власник.
problem-bot-name-taken-detail = Інший бот уже має це ім'я: оберіть інше.
problem-url-not-allowed-detail = Адреса бота недозволена: укажіть адресу http чи https із хостом і без облікових даних.
problem-bot-did-not-answer-detail = Бот не відповів на виклик: запустіть його, перевірте, що його адреса досяжна, і спробуйте ще раз. Нічого не зареєстровано.
problem-rate-limited-detail = Забагато запитів такого типу: зачекайте стільки, скільки вказує Retry-After, і спробуйте знову.
problem-too-many-bot-games-detail = Для вашої адреси вже йде найбільша дозволена кількість ігор лише з ботами: дочекайтеся, поки одна завершиться.
problem-too-many-search-games-detail = Для вашої адреси вже йде найбільша дозволена кількість ігор із ботом, що думає (Середній або Складний): дочекайтеся, поки одна завершиться, або посадіть Легкого бота.
problem-too-many-connections-detail = Забагато одночасних запитів із вашої адреси: надсилайте менше водночас і спробуйте знову. Нічого не зроблено.
problem-too-many-streams-detail = Відкрито забагато трансляцій подій: закрийте ту, яку більше не читаєте, або зачекайте й спробуйте знову.
problem-push-endpoint-not-allowed-detail = Цей сервер не звертається до адреси цієї push-підписки: вкажіть https-адресу, яку дала push-служба вашого браузера.
problem-too-many-push-subscriptions-detail = У вас уже найбільша дозволена кількість push-підписок: видаліть ту, якою більше не користуєтеся.
problem-bot-suspended-detail = Бота, вказаного для місця, призупинено, бо він перестав вчасно відповідати: посадіть іншого бота.
problem-hook-url-not-allowed-detail = Адресу вебхука сповіщень не дозволено: укажіть публічну адресу https вашого приймача без облікових даних. Нічого не зареєстровано.
problem-too-many-notification-hooks-detail = У вас уже стільки вебхуків сповіщень, скільки можна: спершу видаліть один. Нічого не зареєстровано.
problem-player-required-detail = Ця гра рейтингова: займіть місце з токеном гравця (POST /v1/players), щоб її результат зарахувався до рейтингу гравця.
problem-internal-error-detail = Сервер не зміг обробити цей запит; помилку записано в журнал. Повторити команду з її Idempotency-Key безпечно.
problem-busy-detail = Гра надто часто змінювалася під час команди. Нічого не зроблено; спробуйте ще раз.
problem-redis-unavailable-detail = Сховище ігор не відповідає: зачекайте стільки, скільки вказує Retry-After, і спробуйте знову.
problem-streams-full-detail = Цей сервер уже тримає найбільшу дозволену кількість трансляцій: зачекайте стільки, скільки вказує Retry-After, і відкрийте трансляцію знову.
problem-no-rematch-detail = Тут немає реваншу, на який можна відповісти: запропонуйте його, коли гра закінчиться, або запропонуйте знову після відмови чи простроченої пропозиції.
problem-too-many-queues-detail = Ви вже чекаєте в найбільшій дозволеній кількості черг швидкої гри: дочекайтеся столу або спершу вийдіть з однієї черги.
problem-on-vacation-detail = Ви вже у відпустці: завершіть її, перш ніж почати нову.
problem-no-vacation-days-detail = Цього року у вас лишилося менше днів відпустки, ніж ви просите.
problem-not-on-vacation-detail = Ви не у відпустці: нема чого завершувати.
problem-no-hint-detail = Підказки зараз немає: цей стіл їх не дає, гра не йде, або зараз не ваш хід.

## The rules a move may break, as a player understands them: an illegal move's detail in another
## language than English. A game's own rules use the words of its rulebook (shared/seeds/).

# Any game's commands.
problem-rule-UnknownCommand = У цій грі немає такого ходу.
problem-rule-BadCommand = Хід не є правильно складеною командою.
problem-rule-BadArgument = Якогось параметра ходу бракує, або він має хибний вигляд.
problem-rule-NotYourTurn = Зараз не ваш хід.
problem-rule-WrongPhase = Цей хід належить до іншої фази гри.
problem-rule-GameOver = Гру вже завершено.

# The table: seats, clocks, bots.
problem-rule-NoSuchGame = Такої гри не існує.
problem-rule-GameExists = Така гра вже існує.
problem-rule-GameAbandoned = Гру покинуто.
problem-rule-SystemOnly = Цю команду може надсилати лише сервер.
problem-rule-GameStarted = Гра вже почалася.
problem-rule-GameNotRunning = Гра зараз не йде: вона ще не почалася або вже закінчилася.
problem-rule-NoSuchSeat = У цій грі немає такого місця.
problem-rule-SeatResigned = Гравець цього місця здався; за нього грає бот.
problem-rule-SeatForfeited = Це місце програло через час; за нього грає бот.
problem-rule-NotAbsent = Гравець цього місця не відсутній у грі.
problem-rule-OnVacation = Годинник цього місця вже зупинено на час відпустки.
problem-rule-NoVacation = Ця гра більше не дозволяє зупиняти годинник цього місця.
problem-rule-NotOnVacation = Годинник цього місця не зупинено на час відпустки.
problem-rule-SeatTaken = Це місце зайняте.
problem-rule-PlayerSeated = Ви вже маєте місце в цій грі.
problem-rule-RatedSeat = Місце в рейтинговій грі займає гравець.
problem-rule-HintsOff = Цей стіл не дає підказок.
problem-rule-PrivateTable = Цей стіл приватний: потрібне запрошення.
problem-rule-SeatReserved = Це місце залишене для іншого гравця.
problem-rule-BotSeat = Це місце бота; він ходить сам.
problem-rule-NotControlled = За це місце грає гравець, а не бот.
problem-rule-NotToAct = Це місце зараз не може ходити.
problem-rule-NotRegistered = Бот цього місця не зареєстрований.
problem-rule-BotReplaced = Бота цього місця вже замінено.
problem-rule-NoClock = Для цього місця годинник не йде.
problem-rule-NotDue = Час цього місця ще не сплив.
problem-rule-WrongSeed = Це не те зерно генератора, яке гра зафіксувала на початку.
problem-rule-UndoOff = За цим столом не можна скасовувати ходи.
problem-rule-NotYourDecision = Скасувати можна лише власні рішення, а боти ніколи не скасовують.
problem-rule-NotAsked = Вас ніхто не просив скасувати ходи.
problem-rule-UndoPending = Столу вже запропоновано скасування: спершу дайте відповідь.
problem-rule-UndoOutOfReach = Зараз гра не може повернутися до цієї версії.
problem-rule-OtherSeatActed = Відтоді зіграв інший гравець: скасування забрало б його хід.
problem-rule-ChanceRecorded = Відтоді втрутився випадок: скасування дало б змогу витягти ще раз.
problem-rule-SomethingRevealed = Відтоді було показано щось приховане: скасування не сховає цього знову.

# Felix: the words of its Portuguese rulebook (shared/seeds/002): leilão, licitar, fila, ratos.
problem-rule-CardNotInHand = Цієї карти немає у вас на руці.
problem-rule-BidTooLow = Ваша ставка має бути вищою за найвищу ставку.
problem-rule-BidTooHigh = У вас немає стільки мишей.
problem-rule-CannotAfford = Щоб купити котів із ряду, потрібна миша.

# DOGS: the words of its Brazilian rulebook (shared/seeds/000, 003): canil, baia, fileira, raça, enfermaria, medicamento, doar.
problem-rule-NotLegal = Цей хід зараз не дозволено.
problem-rule-WrongMoment = Цей хід не можна зробити в цей момент раунду.
problem-rule-BadPens = Розмістіть собак у всіх збудованих вольєрах, і лише в них; хворий собака йде до лазарету.
problem-rule-UnknownDog = Собаку у вольєрах не можна туди поставити, або його поставлено двічі.
problem-rule-IllegalPen = У кожному ряду вольєра можуть бути собаки лише однієї породи, а у вольєрі — не більше двох порід.
problem-rule-BadCard = У вас немає карти «Ветеринар», щоб її зіграти.
problem-rule-PlaceAsManyAsPossible = Розмістіть у вольєрах стільки собак, скільки вони вміщують.
problem-rule-BadDonation = Віддайте саме тих собак, яким немає місця ні у вольєрах, ні в лазареті.
problem-rule-NotOffered = Це не той собака, якого віддають.
problem-rule-KeepAllDogs = Щоб прийняти подарованого собаку, залиште всіх собак у вольєрах.
problem-rule-NoMedicine = На кожного собаку, якого лікуєте, потрібні ліки.
problem-rule-NotInInfirmary = Цього собаки немає у вашому лазареті.
problem-rule-PenNotBuilt = Цей вольєр ще не збудовано.
problem-rule-NotInPen = Цього собаки немає в цьому вольєрі.

# Spots: the words of its Ukrainian rulebook (shared/seeds/001): тайл команди, кубик, закопати, смаколик, клітинка.
problem-rule-NotAutomatic = Зараз не час для автоматичного кроку.
problem-rule-TileNotAvailable = Цей тайл команди зараз не можна обрати.
problem-rule-NothingToComplete = Жодного вашого песика не можна завершити.
problem-rule-NotPending = Цей кубик не чекає, щоб його розмістили чи закопали.
problem-rule-BadNumber = Не можна обрати це число.
problem-rule-BadSelection = Не можна обрати ці кубики.
problem-rule-BadDigTarget = Цей закопаний кубик не можна так змінити.
problem-rule-BadSetAsideCount = Не можна відкласти стільки кубиків.
problem-rule-BadMove = Цей кубик не можна туди пересунути.
problem-rule-NoTreats = У вас не лишилося смаколиків.
problem-rule-MustRerollAll = Смаколик перекидає всі кубики цього кидка.
problem-rule-NoMatchingSpace = Жодна вільна клітинка ваших песиків не підходить для цього кубика.

# A Dog's Life: the words of its Italian rulebook (shared/seeds/004): rifugio, Canile, accalappiacani, ossa, pipì, vescica, punti azione.
problem-rule-BadSeat = У цій грі немає такого гравця.
problem-rule-NotYourChoice = Зараз не ваша черга обирати собаку.
problem-rule-DogTaken = Цього собаку вже обрав інший гравець.
problem-rule-NoRouteToChoose = Собаколов зараз не на роздоріжжі, де треба обирати шлях.
problem-rule-IllegalRoute = Фургон собаколова не може поїхати цим шляхом.
problem-rule-NoTruckMove = Фургон собаколова зараз не рухається.
problem-rule-NotTimed = Час гри ще не вийшов.
problem-rule-NoActionDeadline = Зараз для фази дій немає обмеження часу.
problem-rule-NotYourActions = Зараз не ваша фаза дій.
problem-rule-NoActionPoints = У вас не лишилося очок дії.
problem-rule-InTransit = Ваш собака лише проходить цю клітинку: він може тільки рухатися далі.
problem-rule-NotAdjacent = Це не поруч із вашим собакою.
problem-rule-PoundClosed = Жоден собака не може сам зайти до притулку.
problem-rule-NotYourDen = До лігва може заходити лише його власний собака.
problem-rule-BlockedByDogAndMark = Біля цього ліхтаря стоїть інший собака, і там його мітка: ваш собака не може туди зайти.
problem-rule-SniffOnOccupied = Вашому собаці довелося б зупинитися й нюхати ліхтар, біля якого стоїть інший собака.
problem-rule-NowhereToStop = Ваш собака не дійде до вільної клітинки, де можна зупинитися.
problem-rule-NoUnsearchedTrash = Тут немає смітника, який ще можна обнишпорити.
problem-rule-NotAtRestaurant = Ваш собака не біля ресторану.
problem-rule-AlreadyBegged = Ви вже жебракували біля цього ресторану в цьому ході.
problem-rule-NotAtKiosk = Ваш собака не біля газетного кіоску.
problem-rule-MouthFull = Ваш собака вже не може нічого взяти в пащу.
problem-rule-NoNewspapers = У кіоску не лишилося газет.
problem-rule-NoNewspaperForThisHouse = Ваш собака не несе газети для цього будинку.
problem-rule-NothingToPickUp = Тут немає нічого такого, що можна підняти.
problem-rule-EmptySlot = У цьому місці ваш собака нічого не несе.
problem-rule-NoNewspaperOnKiosk = Газету не можна кинути біля кіоску.
problem-rule-NotInOwnDen = Ваш собака не у своєму лігві.
problem-rule-NoBone = Ваш собака не несе кістки.
problem-rule-NotAtFountain = Ваш собака не біля фонтана.
problem-rule-CannotDrink = Ваш собака не може пити: сечовий міхур повний або запас порожній.
problem-rule-NotAtLamppost = Ваш собака не біля ліхтаря.
problem-rule-EmptyBladder = Сечовий міхур вашого собаки порожній.
problem-rule-AlreadyMarked = Ваша мітка вже є на цьому ліхтарі.
problem-rule-BadTarget = На цього собаку не можна напасти.

# Сповіщення: що кажуть гравцеві, якого немає (workers/notifications.py).
notify-turn-title = Ваш хід
notify-turn-body = Ваш хід у грі { $game }.
notify-digest-title = Ваш хід
notify-digest-body = { $count ->
    [one] На вас чекає { $count } гра.
    [few] На вас чекають { $count } гри.
   *[many] На вас чекають { $count } ігор.
}
notify-game_over-title = Гру завершено
notify-game_over-body = Вашу гру { $game } завершено.
notify-clock-title = Ваш час спливає
notify-clock-body = { $seconds ->
    [one] На ваш хід у грі { $game } лишилася { $seconds } секунда.
    [few] На ваш хід у грі { $game } лишилося { $seconds } секунди.
   *[many] На ваш хід у грі { $game } лишилося { $seconds } секунд.
}
notify-invited-title = Запрошення
notify-invited-body = Вас запрошено до гри { $game }.
notify-challenged-title = Виклик
notify-challenged-body = { $by } викликає вас на гру { $game }.
notify-challenge_accepted-title = Виклик прийнято
notify-challenge_accepted-body = { $by } приймає ваш виклик: вашу гру { $game } розпочато.
notify-challenge_declined-title = Виклик відхилено
notify-challenge_declined-body = { $by } відхиляє ваш виклик на гру { $game }.
notify-challenge_withdrawn-title = Виклик скасовано
notify-challenge_withdrawn-body = { $by } скасовує свій виклик на гру { $game }.
notify-challenge_expired-title = Час виклику минув
notify-challenge_expired-body = { $by } не відповідає на ваш виклик на гру { $game }, і його час минув.
notify-rematch-title = Реванш
notify-rematch-body = Запропоновано реванш у грі { $game }.
notify-seated-title = Місце для вас
notify-seated-body = У вас є місце в грі { $game }.
notify-player-unnamed = Інший гравець
notify-game-unnamed = гра

## Quick phrases of the chat (service/core/chat.py PHRASES): said by one player, read in each reader's language.
chat-phrase-hello = Привіт!
chat-phrase-good-luck = Успіхів!
chat-phrase-your-turn = Ваш хід!
chat-phrase-one-moment = Хвилинку, будь ласка.
chat-phrase-thanks = Дякую!
chat-phrase-sorry = Вибачте!
chat-phrase-well-played = Гарно зіграно!
chat-phrase-gg = Гарна гра!
